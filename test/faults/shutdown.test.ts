import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A POST whose body is sent in two halves, so that it is still arriving when the signal comes. */
function postInTwoHalves(url: string, key: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const outgoing = request(`${url}/api/external/threads`, {
    method: "POST",
    headers: { "api-key": key, "content-type": "application/json", "content-length": bytes.length },
  });
  const answered = once(outgoing, "response").then(async ([response]) => ({
    status: (response as IncomingMessage).statusCode,
    body: JSON.parse(await readAll(response as IncomingMessage)),
  }));
  outgoing.write(bytes.subarray(0, half));
  return { answered, finish: () => outgoing.end(bytes.subarray(half)) };
}

async function readAll(stream: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

function connectionRefused(url: string): Promise<boolean> {
  return fetch(`${url}/health`).then(
    () => false,
    (error) => error.cause?.code === "ECONNREFUSED",
  );
}

t.test("SIGTERM: no new connections; requests in flight, a 20 MB listing included, are answered in full; exit 0", async (t) => {
  const env = await freshDatabaseEnv(t);
  const service = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const key = printedPrivateKey(service.output());
  const client = serviceClient(service.url, key);
  const content = "x".repeat(100_000);
  for (let i = 0; i < 8; i++) {
    t.equal((await client.send("POST", "/api/external/threads", threadWithMessages(`big-${i}`, 25, () => content))).status, 201);
  }

  // The listing's response is handed to res.end() at once; the client reads none of it until after the signal.
  const listing = request(`${service.url}/api/external/threads?pageSize=200`, { headers: { "api-key": key } }).end();
  const [listingResponse] = (await once(listing, "response")) as [IncomingMessage];
  listingResponse.pause();
  const upload = postInTwoHalves(service.url, key, threadWithMessages("arriving", 3));
  await sleep(300);

  const signalledAt = Date.now();
  service.child.kill("SIGTERM");
  const exited = once(service.child, "exit").then(([code]) => ({ code, afterMs: Date.now() - signalledAt }));
  await sleep(500);
  t.ok(await connectionRefused(service.url), "new connections are refused");

  upload.finish();
  const uploaded = await upload.answered;
  t.equal(uploaded.status, 201, "the request whose body was arriving is answered");
  t.equal(uploaded.body.messages.length, 3);

  listingResponse.resume();
  const page = JSON.parse(await readAll(listingResponse));
  t.equal(page.count, 8, "the whole listing reached the client");
  t.equal(page.rows.length, 8);
  t.ok(page.rows.every((row: { messages: { content: string }[] }) => row.messages.length === 25 && row.messages.every((m) => m.content === content)));

  const { code, afterMs } = await exited;
  t.equal(code, 0, "exits 0");
  t.ok(afterMs < 10_000, `exited ${afterMs} ms after SIGTERM, with requests in flight`);
  t.comment(`shutdown with a 20 MB response and an upload in flight: exit ${afterMs} ms after SIGTERM`);

  const again = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => again.child.kill("SIGKILL"));
  const stored = await serviceClient(again.url, key).send("GET", "/api/external/threads?pageSize=1&externalUserIds=user-of-arriving");
  t.match(stored.body, { count: 1, rows: [{ externalId: "arriving", messages: { length: 3 } }] }, "what was acknowledged during shutdown is stored");
  t.equal(await again.stop(), 0);
});

t.test("SIGINT, and a request that does not finish within SHUTDOWN_TIMEOUT_MS: exit 1 once it has passed", async (t) => {
  const env = await freshDatabaseEnv(t);
  const service = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: "1500" }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const stuck = postInTwoHalves(service.url, printedPrivateKey(service.output()), threadWithMessages("never-finished", 2));
  stuck.answered.catch(() => {});
  await sleep(300);
  const signalledAt = Date.now();
  service.child.kill("SIGINT");
  const [code] = await once(service.child, "exit");
  const afterMs = Date.now() - signalledAt;
  t.equal(code, 1);
  t.ok(afterMs >= 1500 && afterMs < 5_000, `forced exit ${afterMs} ms after SIGINT`);
  t.match(service.output(), /shutdown took too long/);
});

t.test("started by npm start, SIGTERM to npm reaches the service: it shuts down and npm exits 0", async (t) => {
  const env = await freshDatabaseEnv(t);
  const service = await startServer(env, SLOW_START_TIMEOUT_MS, ["npm", "start"]);
  t.teardown(() => service.child.kill("SIGKILL"));
  t.equal((await fetch(`${service.url}/health`)).status, 200);
  const code = await service.stop();
  t.equal(code, 0);
  t.match(service.output(), /"msg":"shut down"/);
  t.ok(await connectionRefused(service.url), "nothing listens any more");
});
