import t from "tap";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually, sleep } from "../helpers/wait.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";

// A receiver down for a while (answering 503), then back: the deliveries show the failed attempts
// meanwhile, and everything is delivered within one backoff period of its return. Scaled down from
// 60 s with the 5 s default base to 20 s with a 1 s base: the backoff's shape is the same.
const BASE_MS = 1000;
const DOWN_MS = 20_000;
const EVENTS = 10;

t.test(`a receiver down for ${DOWN_MS / 1000} s, then back`, async (t) => {
  const env: NodeJS.ProcessEnv = { ...(await freshDatabaseEnv(t)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_RETRY_BASE_MS: String(BASE_MS) };
  let backAt = Infinity;
  const receiver = await startReceiver(t, () => (Date.now() < backAt ? 503 : 200));
  const service = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  const webhook = await client.send("POST", "/api/external/webhooks", { url: receiver.url, events: ["thread.created"] });
  const deliveries = async () => (await client.send("GET", `/api/external/webhooks/${webhook.body.id}/deliveries`)).body.rows as { status: string; attempts: number; lastStatusCode: number; lastError: string }[];

  const downSince = Date.now();
  for (let i = 0; i < EVENTS; i++) await client.send("POST", "/api/external/threads", threadWithMessages(`outage-${i}`, 1));
  await sleep(DOWN_MS - (Date.now() - downSince));
  const during = await deliveries();
  t.equal(during.length, EVENTS);
  t.ok(during.every((row) => row.status === "pending" && row.attempts >= 3 && row.lastStatusCode === 503 && row.lastError === "HTTP 503"), "while down: pending, each failed attempt counted with its status code");

  backAt = Date.now();
  // The longest wait an attempt can be in at the return: the base doubled per attempt made, capped by the outage's length.
  const longestPeriod = Math.max(...during.map((row) => BASE_MS * 2 ** (row.attempts - 1)));
  await eventually(async () => (await deliveries()).every((row) => row.status === "delivered"), longestPeriod + 5_000);
  const tookMs = Date.now() - backAt;
  t.comment(`every event delivered ${(tookMs / 1000).toFixed(1)} s after the receiver came back (the backoff period then: up to ${(longestPeriod / 1000).toFixed(0)} s)`);
  t.ok(tookMs <= longestPeriod + 2_000, "within one backoff period");
  const ids = receiver.received.filter(({ at }) => at >= backAt).map(({ headers }) => headers["webhook-id"]);
  t.equal(new Set(ids).size, EVENTS);
});
