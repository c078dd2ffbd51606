import { spawn } from "node:child_process";
import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import { availableParallelism } from "node:os";
import t from "tap";
import { freshDatabaseEnv, type RunningService, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { answerOf, openSocket, type RawAnswer } from "../helpers/rawHttp.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";
import { sleep } from "../helpers/wait.ts";


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

/** Whether new connections are refused within `ms`: until then, one that is accepted is answered (Connection: close). */
async function refusedWithin(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await connectionRefused(url))) {
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

t.test("SIGTERM: no new connections; requests in flight, a large listing included, are answered in full; exit 0", async (t) => {
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
  t.ok(await refusedWithin(service.url, 5_000), "new connections are refused once none is waiting to be accepted");

  upload.finish();
  const uploaded = await upload.answered;
  t.equal(uploaded.status, 201, "the request whose body was arriving is answered");
  t.equal(uploaded.body.messages.length, 3);

  listingResponse.resume();
  const page = JSON.parse(await readAll(listingResponse));
  t.equal(page.count, 8, "the whole listing reached the client");
  t.equal(page.rows.length, 8);
  // A listing carries each message's first 2,000 characters (decisions.md, "Bounded in bytes").
  const shown = content.slice(0, 2_000);
  t.ok(page.rows.every((row: { messages: { content: string; contentTruncated: boolean }[] }) => row.messages.length === 25 && row.messages.every((m) => m.content === shown && m.contentTruncated)));

  const { code, afterMs } = await exited;
  t.equal(code, 0, "exits 0");
  t.ok(afterMs < 10_000, `exited ${afterMs} ms after SIGTERM, with requests in flight`);
  t.comment(`shutdown with a large listing and an upload in flight: exit ${afterMs} ms after SIGTERM`);

  const again = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => again.child.kill("SIGKILL"));
  const stored = await serviceClient(again.url, key).send("GET", "/api/external/threads?pageSize=1&externalUserIds=user-of-arriving");
  t.match(stored.body, { count: 1, rows: [{ externalId: "arriving", messages: { length: 3 } }] }, "what was acknowledged during shutdown is stored");
  t.equal(await again.stop(), 0);
});

/** A busy loop on every core for the duration of a test: the service is slow to accept, read and answer. */
function loadEveryCpu(t: { teardown(fn: () => unknown): void }): () => void {
  const loops = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }));
  const stop = () => loops.forEach((loop) => loop.kill("SIGKILL"));
  t.teardown(stop);
  return stop;
}

const describe = ({ status, headers, body, error }: RawAnswer) => error ?? `${status} ${headers.connection} ${body.length}/${headers["content-length"]} bytes`;

/** The listing of the two seeded threads, whole: a 200 and its complete body (read as latin1: one character a byte). */
const isWholeListing = (answer: RawAnswer) =>
  answer.status === 200 && !answer.error && answer.body.length === Number(answer.headers["content-length"]) && JSON.parse(answer.body).rows.length === 2;

/** Resolves once the service has printed this (e.g. that it has begun to shut down). */
function printed(service: RunningService, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!service.output().includes(text)) return;
      service.child.stdout!.off("data", check);
      resolve();
    };
    service.child.stdout!.on("data", check);
    check();
  });
}

const ROUNDS = 5;
const SENT_BEFORE_SIGNAL = 20;
const SENT_AFTER_SIGNAL = 2;

t.test(`SIGTERM under CPU load, ${ROUNDS} rounds: every request on a connection made before the signal gets its whole answer`, async (t) => {
  const env = await freshDatabaseEnv(t);
  const first = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => first.child.kill("SIGKILL"));
  const key = printedPrivateKey(first.output());
  const content = "x".repeat(90_000);
  for (let i = 0; i < 2; i++) {
    const created = await serviceClient(first.url, key).send("POST", "/api/external/threads", threadWithMessages(`listed-${i}`, 25, () => content));
    t.equal(created.status, 201);
  }
  t.equal(await first.stop(), 0);
  const listing = `GET /api/external/threads?pageSize=2 HTTP/1.1\r\nhost: 127.0.0.1\r\napi-key: ${key}\r\n\r\n`;

  const outcomes: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Long timeouts: what is tested is that the shutdown cuts nothing off, however slowly the loaded machine answers.
    // (On PGlite the 20 listings can hold the event loop for over 10 s; Node's headers timeout, checked before the
    // loop reads what is waiting, would answer 408 to a request sent before that, shutdown or not.)
    const service = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: "60000", HEADERS_TIMEOUT_MS: "60000", REQUEST_TIMEOUT_MS: "60000" }, SLOW_START_TIMEOUT_MS);
    t.teardown(() => service.child.kill("SIGKILL"));
    const stopLoad = loadEveryCpu(t);
    await sleep(200);
    // Connected: the handshake is done, though a busy service may not have accepted them yet.
    const early = await Promise.all(Array.from({ length: SENT_BEFORE_SIGNAL }, () => openSocket(service.url)));
    const late = await Promise.all(Array.from({ length: SENT_AFTER_SIGNAL + 1 }, () => openSocket(service.url)));
    const earlyAnswers = Promise.all(early.map((socket) => answerOf(socket)));
    const lateAnswers = Promise.all(late.map((socket) => answerOf(socket)));
    for (const socket of early) socket.write(listing);
    const signalledAt = Date.now();
    service.child.kill("SIGTERM");
    const exited = once(service.child, "exit");
    await printed(service, "shutting down");
    const [readiness, ...lateListings] = late;
    readiness!.write("GET /ready HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    for (const socket of lateListings) socket.write(listing);
    const [code] = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    const answered = await earlyAnswers;
    const [ready, ...lateAnswered] = await lateAnswers;
    stopLoad();

    const cutOff = answered.filter((answer) => !isWholeListing(answer)).map(describe);
    const closing = answered.filter((answer) => answer.headers.connection === "close").length;
    outcomes.push(
      `round ${round}: ${answered.length - cutOff.length}/${answered.length} whole (${closing} with Connection: close), exit ${code} ${exitedAfterMs} ms after SIGTERM${cutOff.length ? `; cut off: ${cutOff.join(", ")}` : ""}`,
    );
    t.equal(code, 0, `round ${round}: exits 0`);
    t.same(cutOff, [], `round ${round}: each of the ${SENT_BEFORE_SIGNAL} listings sent before the signal is answered whole`);
    // Sent once the service has begun to shut down, on connections it may not even have accepted yet.
    t.ok(
      lateAnswered.every((answer) => isWholeListing(answer) && answer.headers.connection === "close"),
      `round ${round}: listings sent after the signal are answered whole, with Connection: close (${lateAnswered.map(describe).join(", ")})`,
    );
    t.match(ready, { status: 503, headers: { connection: "close" } }, `round ${round}: /ready is 503 during the shutdown`);
    t.equal(ready!.body, JSON.stringify({ error: "Service unavailable - shutting down" }));
  }
  t.comment(outcomes.join("\n"));
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
