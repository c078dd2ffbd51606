import { once } from "node:events";
import t from "tap";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually } from "../helpers/wait.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";

const EVENTS = 20;

t.test("SIGKILL while the worker delivers: after a restart every event is delivered (at least once)", async (t) => {
  const env = { ...(await freshDatabaseEnv(t)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_RETRY_BASE_MS: "200" };
  let answering = false;
  const answered = new Set<string>();
  // Holds every request until the service is killed; then answers 200.
  const receiver = await startReceiver(t, ({ headers }) => (_request, response) => {
    if (!answering) return;
    answered.add(String(headers["webhook-id"]));
    response.writeHead(200).end();
  });

  const first = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => first.child.kill("SIGKILL"));
  const key = printedPrivateKey(first.output());
  const client = serviceClient(first.url, key);
  const webhook = await client.send("POST", "/api/external/webhooks", { url: receiver.url, events: ["thread.created"] });
  t.equal(webhook.status, 201);
  for (let i = 0; i < EVENTS; i++) t.equal((await client.send("POST", "/api/external/threads", threadWithMessages(`killed-${i}`, 2))).status, 201);
  await eventually(() => receiver.received.length >= 4, 30_000);
  const inFlight = receiver.received.length;
  first.child.kill("SIGKILL");
  await once(first.child, "exit");
  receiver.server.closeAllConnections();
  answering = true;

  const second = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => second.child.kill("SIGKILL"));
  const after = serviceClient(second.url, key);
  const deliveries = await eventually(async () => {
    const { body } = await after.send("GET", `/api/external/webhooks/${webhook.body.id}/deliveries`);
    return body.rows.length === EVENTS && body.rows.every((row: { status: string }) => row.status === "delivered") && body.rows;
  }, 120_000);
  t.equal(answered.size, EVENTS, `every event answered 2xx once the receiver was back (${inFlight} were in flight at the kill)`);
  t.same(new Set(deliveries.map((row: { eventId: string }) => row.eventId)), answered);
  const stop = await second.stop();
  t.equal(stop, 0, "and the restarted service shuts down cleanly");
});
