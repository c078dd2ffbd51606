import { once } from "node:events";
import { createServer, get, type IncomingMessage, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import t from "tap";
import { drainConnections, type DrainOptions } from "../../src/lifecycle/connections.ts";
import { acceptedConnection, listening } from "../helpers/drainServer.ts";
import type { RawAnswer } from "../helpers/rawHttp.ts";
import { sleep } from "../helpers/wait.ts";

const BODY = "x".repeat(32 * 1024 * 1024);
const REQUEST = "GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n";

type Closer = (server: Server) => () => Promise<unknown>;

/** Bytes a client receives of a large response it starts reading only after the server began to close. */
async function receivedAfterClose(closer: Closer): Promise<number> {
  const { server, url } = await listening((_request, response) => response.end(BODY));
  const close = closer(server);
  const [response] = (await once(get(`${url}/`), "response")) as [IncomingMessage];
  response.pause();
  const closed = close();
  await sleep(100);
  let received = 0;
  response.on("data", (chunk: Buffer) => (received += chunk.length));
  response.on("error", () => {}); // "aborted" when the server cut the response off
  const ended = new Promise((resolve) => response.on("close", resolve));
  response.resume();
  await ended;
  await closed;
  return received;
}

const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));
const plainClose: Closer = (server) => () => closeServer(server);
const drained: Closer = (server) => {
  const drain = drainConnections(server);
  return () => drain.drain();
};

t.test("server.close() alone cuts off a response already handed to res.end() (why the module exists)", async (t) => {
  t.ok((await receivedAfterClose(plainClose)) < BODY.length);
});

t.test("drained, the whole response arrives; with the drain attached, server.close() is as graceful", async (t) => {
  t.equal(await receivedAfterClose(drained), BODY.length);
  t.equal(
    await receivedAfterClose((server) => {
      drainConnections(server);
      return () => closeServer(server);
    }),
    BODY.length,
  );
});

/**
 * A connection that waits in the kernel's accept queue when the server starts to close: a worker thread connects
 * and sends its request while this thread is blocked, so the server cannot have accepted it.
 */
async function answerToQueuedConnection(closer: Closer): Promise<{ acceptedBefore: number; answer: RawAnswer }> {
  const { server } = await listening((_request, response) => response.end("ok"));
  const close = closer(server);
  let accepted = 0;
  server.on("connection", () => (accepted += 1));
  const sent = new Int32Array(new SharedArrayBuffer(4));
  const client = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const socket = require("node:net").connect(workerData.port, "127.0.0.1", () =>
       socket.write(workerData.request, () => { Atomics.store(workerData.sent, 0, 1); Atomics.notify(workerData.sent, 0); }));
     let raw = "";
     socket.on("data", (chunk) => (raw += chunk));
     socket.on("error", (error) => parentPort.postMessage({ error: error.code }));
     socket.on("close", () => parentPort.postMessage({ raw }));`,
    { eval: true, workerData: { port: (server.address() as AddressInfo).port, request: REQUEST, sent } },
  );
  t.teardown(() => client.terminate());
  Atomics.wait(sent, 0, 0, 10_000);
  const acceptedBefore = accepted;
  const closed = close();
  const [message] = (await once(client, "message")) as [{ raw?: string; error?: string }];
  await closed;
  const [head = "", body = ""] = (message.raw ?? "").split("\r\n\r\n");
  const status = Number(head.split(" ")[1] ?? 0);
  const connection = /\r\nconnection: (\S+)/i.exec(head)?.[1];
  return { acceptedBefore, answer: { status, headers: connection ? { connection } : {}, body, closedAfterMs: 0, ...(message.error && { error: message.error }) } };
}

t.test("server.close() resets a connection still in the accept queue, request sent and all (why the drain waits)", async (t) => {
  const { acceptedBefore, answer } = await answerToQueuedConnection(plainClose);
  t.equal(acceptedBefore, 0);
  t.match(answer, { status: 0, error: "ECONNRESET" });
});

t.test("the drain accepts and answers a connection that was in the accept queue, with Connection: close", async (t) => {
  const { acceptedBefore, answer } = await answerToQueuedConnection(drained);
  t.equal(acceptedBefore, 0);
  t.match(answer, { status: 200, headers: { connection: "close" }, body: "ok" });
  t.notOk(answer.error);
});

t.test("a connection accepted before the drain, its request sent after the drain began, is answered", async (t) => {
  const { drain, socket, answer } = await acceptedConnection((_request, response) => response.end("ok"));
  const drained = drain.drain();
  t.ok(drain.draining);
  await sleep(300);
  socket.write(REQUEST);
  t.match(await answer, { status: 200, headers: { connection: "close" }, body: "ok" });
  await drained;
});

t.test("a connection that sends nothing is closed once its grace period has passed", async (t) => {
  // When it is closed: test/perf/connectionDrain.test.ts.
  const { drain, answer } = await acceptedConnection((_request, response) => response.end("ok"), { firstRequestGraceMs: 200 });
  await drain.drain();
  const closed = await answer;
  t.match(closed, { status: 0, body: "" });
  t.notOk(closed.error, "closed, not reset");
});

t.test("a response in flight when the drain begins says Connection: close", async (t) => {
  const { drain, socket, answer } = await acceptedConnection((_request, response) => setTimeout(() => response.end("late"), 200));
  socket.write(REQUEST);
  await sleep(50);
  const drained = drain.drain();
  t.match(await answer, { status: 200, headers: { connection: "close" }, body: "late" });
  await drained;
});

t.test("idle keep-alive connections are closed, so the drain does not wait for them", async (t) => {
  const { server, url } = await listening((_request, response) => response.end("ok"));
  const drain = drainConnections(server);
  const response = await fetch(`${url}/`, { keepalive: true });
  t.equal(await response.text(), "ok");
  t.equal(response.headers.get("connection"), "keep-alive");
  // That it does not wait out the keep-alive timeout: test/perf/connectionDrain.test.ts.
  await drain.drain();
});
