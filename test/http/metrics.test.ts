import t from "tap";
import type { Summarizer } from "../../src/summarizer/summarizer.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// Neither /metrics nor an unknown URL is an operation of openapi.yaml, so prism would answer them itself
// instead of forwarding them: those requests stay in-process (app.inject) whatever the transport.

/** The value of one sample of a Prometheus text exposition, or undefined when it is absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of exposition.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",");
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

/** A background summarizer that never answers until the app closes: its summaries stay pending. */
const stuckSummarizer: Summarizer = {
  name: "stuck",
  window: { opening: 2, recent: 2, maxMessageChars: 100 },
  summarize: (_conversation, signal) =>
    new Promise((_resolve, reject) => {
      if (signal?.aborted) reject(new Error("aborted"));
      signal?.addEventListener("abort", () => reject(new Error("aborted")));
    }),
};

t.test("GET /metrics counts and times requests per operation and status, without a key", async (t) => {
  const { app, org, api } = await startService(t);
  await api(org.privateKey).GET("/api/external/projects");
  await api(org.privateKey).GET("/api/external/projects");
  await api(org.publicKey).GET("/api/external/projects");
  await app.inject({ method: "GET", url: `/${uniqueId("nowhere")}` });

  const scraped = await app.inject({ method: "GET", url: "/metrics" });
  t.equal(scraped.statusCode, 200);
  t.match(scraped.headers["content-type"], /^text\/plain; version=0\.0\.4/);
  const body = scraped.body;
  t.equal(sample(body, "http_requests_total", { operation: "listProjects", method: "GET", status: "200" }), 2);
  t.equal(sample(body, "http_requests_total", { operation: "listProjects", method: "GET", status: "403" }), 1);
  t.equal(sample(body, "http_requests_total", { operation: "unmatched", method: "GET", status: "404" }), 1, "unknown URLs share one label");
  t.equal(sample(body, "http_request_duration_seconds_count", { operation: "listProjects", status: "200" }), 2);
  t.equal(sample(body, "http_request_duration_seconds_bucket", { operation: "listProjects", status: "200", le: "+Inf" }), 2);
  t.ok(sample(body, "http_request_duration_seconds_sum", { operation: "listProjects", status: "200" })! > 0);
  t.equal(sample(body, "memory_summaries_pending"), 0);
  if (process.env.DATABASE_URL) {
    t.ok(sample(body, "db_pool_connections", { state: "idle" })! >= 1, "an idle PostgreSQL connection after the requests");
    t.equal(sample(body, "db_pool_connections", { state: "waiting" }), 0);
    t.equal(sample(body, "db_pool_connections", { state: "in_use" }), 0);
  } else {
    t.equal(sample(body, "db_pool_connections", { state: "idle" }), undefined, "PGlite has no pool");
  }
  t.notMatch(body, /sk_|pk_/, "no key ever reaches a label");
});

t.test("summaries waiting for the background summarizer are counted", async (t) => {
  const { app, org, api } = await startService(t, { summarizer: stuckSummarizer });
  const created = await api(org.privateKey).POST("/api/external/threads", {
    body: { externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user", content: "hello" }] },
  });
  t.equal(created.response.status, 201);
  const body = (await app.inject({ method: "GET", url: "/metrics" })).body;
  t.equal(sample(body, "memory_summaries_pending"), 1);
});

t.test("metrics: false serves no /metrics", async (t) => {
  const { app } = await startService(t, { metrics: false });
  const response = await app.inject({ method: "GET", url: "/metrics" });
  t.equal(response.statusCode, 404);
  t.same(response.json(), { error: "Route not found: GET /metrics" });
});
