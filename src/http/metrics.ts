import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/database.ts";

interface MetricSources {
  /** PostgreSQL only: the connection pool right now. */
  poolStats?(): PoolStats;
  /** Memory summaries waiting for or in the background summarizer (the LLM path). */
  pendingSummaries(): number;
}

/** Bounded label values: the operationId, else the route pattern; never the raw URL. */
function operationLabel(request: FastifyRequest): string {
  return request.routeOptions.config.operation?.operationId ?? request.routeOptions.url ?? "unmatched";
}

function createRegistry({ poolStats, pendingSummaries }: MetricSources) {
  const registry = new Registry();
  const labelNames = ["operation", "method", "status"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered, by operation and status", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to sending its response, by operation and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (in_use, idle, waiting: requests queued for one); absent with the embedded database",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: "in_use" }, stats.inUse);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: "memory_summaries_pending",
    help: "Thread summaries queued for or running in the background summarizer",
    registers: [registry],
    collect() {
      this.set(pendingSummaries());
    },
  });
  return { registry, requests, duration };
}

/** GET /metrics in the Prometheus text format, without a key, and the measurements of every request behind it. */
async function metrics(app: FastifyInstance): Promise<void> {
  const { registry, requests, duration } = createRegistry({
    poolStats: app.database.poolStats,
    pendingSummaries: app.services.memory.pendingSummaries,
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = { operation: operationLabel(request), method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

export default fp(metrics, { name: "metrics", dependencies: ["database", "services"] });
