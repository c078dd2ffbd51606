/**
 * `tsx bench/webhooks/overhead.ts [seconds] [rounds]`: Create Thread and feedback with no webhook and
 * with one registered (subscribed to those four types; the service's worker delivers to a receiver
 * in this process meanwhile), in alternating rounds against one service process on a fresh
 * PostgreSQL database. Per case: median req/s, p50/p99 latency, and the CPU milliseconds per request
 * of the service process and of its PostgreSQL backends (steadier than req/s on a busy machine).
 * BENCH_CPU_PROF=DIR: the service writes a CPU profile into DIR when it stops.
 */
import { loadavg } from "node:os";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { openDatabase } from "../../src/db/database.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { dropDatabase, recreateDatabase } from "../database.ts";
import { cpuSeconds, load, quantile, withBackendCpu } from "../measure.ts";
import { SERVICE, startTarget, stopTarget } from "../servers.ts";

const [seconds = 8, rounds = 4] = process.argv.slice(2).map(Number);
const server = process.env.BENCH_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432";
const databaseUrl = await recreateDatabase(server, "bench_webhooks");
const setup = await openDatabase({ databaseUrl });
await setup.migrate();
const org = await initOrganization(setup.prisma, "bench", "default");
await setup.close();

let delivered = 0;
const deliveredIds = new Set<string>();
const receiver = http.createServer((request, response) =>
  request.resume().on("end", () => {
    delivered++;
    deliveredIds.add(String(request.headers["webhook-id"]));
    response.writeHead(204).end();
  }),
);
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const cpuProfile = process.env.BENCH_CPU_PROF;
const service = await startTarget(
  { ...SERVICE, env: { ...SERVICE.env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" }, ...(cpuProfile ? { nodeOptions: ["--cpu-prof", `--cpu-prof-dir=${cpuProfile}`] } : {}) },
  databaseUrl,
);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const key = { "api-key": org.privateKey };
const json = { "content-type": "application/json", ...key };

/** The threads feedback is given on: all there before the first round, however slow ingest is. */
const FEEDBACK_THREADS = 200;
let n = 0;
const thread = () => ({
  externalId: `t-${++n}`,
  externalUser: { externalId: `u-${n % 500}` },
  messages: Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i} of ${n}` })),
});
while (n < FEEDBACK_THREADS) await fetch(`${service.url}/api/external/threads`, { method: "POST", headers: json, body: JSON.stringify(thread()) });
const cases = {
  ingest: () => ({
    method: "POST" as const, path: "/api/external/threads", headers: { ...json },
    body: JSON.stringify(thread()),
  }),
  feedback: () => ({
    method: "POST" as const, path: "/api/external/feedback", headers: { ...json },
    body: JSON.stringify({ feedbackType: ++n % 3 ? "POSITIVE" : "NEGATIVE", externalThreadId: `t-${(n % FEEDBACK_THREADS) + 1}`, externalUser: { externalId: `giver-${n}` } }),
  }),
};

const results: Record<string, { rate: number; p50: number; p99: number; serviceMs: number; databaseMs: number }[]> = {};
let webhookId: number | undefined;
for (let r = 0; r < rounds; r++) {
  for (const withWebhook of r % 2 ? [true, false] : [false, true]) {
    // Rounds alternate in pairs (no, one | one, no | …): a round with the webhook keeps the one it finds.
    if (withWebhook && webhookId === undefined) {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
      const types = ["thread.created", "thread.updated", "feedback.created", "feedback.updated"];
      const answer = await fetch(`${service.url}/api/external/webhooks`, { method: "POST", headers: json, body: JSON.stringify({ url, events: types }) });
      webhookId = ((await answer.json()) as { id: number }).id;
    } else if (!withWebhook && webhookId !== undefined) {
      await fetch(`${service.url}/api/external/webhooks/${webhookId}`, { method: "DELETE", headers: key });
      webhookId = undefined;
    }
    for (const [name, next] of Object.entries(cases)) {
      const cpuBefore = cpuSeconds(service.child.pid!);
      const [{ requests, seconds: took, statuses, latencies }, databaseSeconds] = await withBackendCpu(db, () => load(service.url, 8, seconds, next));
      // The deliveries of this round's events are part of its cost: let the worker finish them.
      if (withWebhook) for (let idle = 0; idle < 40 && (await db.query(`SELECT 1 FROM "WebhookDelivery" WHERE "status" = 'pending' LIMIT 1`)).rowCount; idle++) await new Promise((resolve) => setTimeout(resolve, 250));
      const serviceSeconds = cpuSeconds(service.child.pid!) - cpuBefore;
      if (Object.keys(statuses).some((status) => !status.startsWith("2"))) console.log(name, statuses);
      (results[`${name}, ${withWebhook ? "one webhook" : "no webhook"}`] ??= []).push({ rate: requests / took, ...percentiles(latencies), serviceMs: (serviceSeconds * 1000) / requests, databaseMs: (databaseSeconds * 1000) / requests });
    }
  }
}
function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, values] of Object.entries(results)) {
  const rate = median(values.map((v) => v.rate));
  const latency = `p50 ${median(values.map((v) => v.p50)).toFixed(1)} p99 ${median(values.map((v) => v.p99)).toFixed(1)} ms`;
  console.log(`${name.padEnd(22)} ${rate.toFixed(0).padStart(5)} req/s  ${latency}  service ${median(values.map((v) => v.serviceMs)).toFixed(2)} ms CPU/req  PostgreSQL ${median(values.map((v) => v.databaseMs)).toFixed(2)} ms CPU/req  (req/s by round: ${values.map((v) => v.rate.toFixed(0)).join(", ")})`);
}
// Counted in the database: the load's last requests, cut at its end, commit but are not counted by it. Each event has had one delivery.
const events = Number((await db.query(`SELECT count(*) FROM "WebhookEvent"`)).rows[0].count);
console.log(`load average: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
console.log(`deliveries received: ${delivered} (${delivered - deliveredIds.size} of them again) of the ${events} events written with the webhook`);
await db.end();
await stopTarget(service.child);
receiver.close();
await dropDatabase(server, "bench_webhooks");
