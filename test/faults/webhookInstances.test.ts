import t from "tap";
import pg from "pg";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually } from "../helpers/wait.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";

const INSTANCES = 3;
const FEEDBACK = 2000;
const THREADS = 50;
const WRITERS = 12;

t.test(`${INSTANCES} instances, ${FEEDBACK} feedback events to one receiver`, { skip: !process.env.DATABASE_URL && "needs DATABASE_URL" }, async (t) => {
  const env: NodeJS.ProcessEnv = { ...(await freshDatabaseEnv(t)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" };
  const receiver = await startReceiver(t);
  const first = await startServer({ ...env, LOG_LEVEL: "info" }, SLOW_START_TIMEOUT_MS);
  const others = await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startServer({ ...env, LOG_LEVEL: "info" }, SLOW_START_TIMEOUT_MS)));
  const instances = [first, ...others];
  t.teardown(() => instances.forEach((instance) => instance.child.kill("SIGKILL")));
  const key = printedPrivateKey(first.output());
  const clients = instances.map((instance) => serviceClient(instance.url, key));
  for (let i = 0; i < THREADS; i++) await clients[0]!.send("POST", "/api/external/threads", threadWithMessages(`thread-${i}`, 2));
  t.equal((await clients[0]!.send("POST", "/api/external/webhooks", { url: receiver.url, events: ["feedback.created"] })).status, 201);

  let next = 0;
  const writer = async (w: number) => {
    for (let n; (n = next++) < FEEDBACK; ) {
      const { status } = await clients[w % INSTANCES]!.send("POST", "/api/external/feedback", {
        feedbackType: n % 4 ? "POSITIVE" : "NEGATIVE", externalThreadId: `thread-${n % THREADS}`, externalUser: { externalId: `giver-${n}` },
      });
      if (status !== 201) throw new Error(`feedback ${n} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await eventually(() => new Set(receiver.received.map(({ headers }) => headers["webhook-id"])).size >= FEEDBACK, 180_000);

  const ids = receiver.received.map(({ headers }) => String(headers["webhook-id"]));
  const duplicates = ids.length - new Set(ids).size;
  t.equal(new Set(ids).size, FEEDBACK, "every event delivered");
  t.ok(duplicates / FEEDBACK < 0.005, `duplicates under 0.5 % (${duplicates})`);

  // Delay from the commit (the event's createdAt, written by PostgreSQL's clock on this machine) to its arrival.
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  t.teardown(() => db.end());
  const { rows } = await db.query<{ id: string; at: number }>(`SELECT "id"::text, extract(epoch FROM "createdAt") * 1000 AS "at" FROM "WebhookEvent"`);
  const createdAt = new Map(rows.map(({ id, at }) => [id, Number(at)]));
  const delays = receiver.received.map(({ headers, at }) => at - createdAt.get(String(headers["webhook-id"]))!).sort((a, b) => a - b);
  const median = delays[Math.floor(delays.length / 2)]!;
  t.comment(`delay from commit to delivery: median ${median.toFixed(0)} ms, p99 ${delays[Math.floor(delays.length * 0.99)]!.toFixed(0)} ms; duplicates ${duplicates}`);
  t.ok(median < 1000, `median delay under 1 s (${median.toFixed(0)} ms)`);
});
