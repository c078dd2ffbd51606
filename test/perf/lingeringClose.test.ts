import { connect, type Socket } from "node:net";
import t from "tap";
import { LINGER_MS } from "../../src/http/lingeringClose.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { answerOf } from "../helpers/rawHttp.ts";
import { printedPrivateKey } from "../helpers/serviceClient.ts";

// After a 413 the server reads and discards the rest of the body for a while (test/http/bodyTooLarge.test.ts),
// but not for ever: a client that keeps trickling is closed after LINGER_MS, measured here on the wall clock.

const service = await startServer(await freshDatabaseEnv(t), SLOW_START_TIMEOUT_MS);
t.teardown(() => service.child.kill("SIGKILL"));
const { url } = service;
const privateKey = printedPrivateKey(service.output());
const body = Buffer.alloc(11 * 1024 * 1024, "x");

/** A client socket that stays open for writing after the server's FIN, as a client still sending its body does. */
function openHalfOpenSocket(): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => resolve(socket));
    socket.once("error", reject);
  });
}

t.test("the lingering is bounded: a client that trickles its body is closed after LINGER_MS", async (t) => {
  const socket = await openHalfOpenSocket();
  const answer = answerOf(socket);
  socket.write(`POST /api/external/threads HTTP/1.1\r\nhost: 127.0.0.1\r\napi-key: ${privateKey}\r\ncontent-type: application/json\r\ncontent-length: ${2 ** 30}\r\n\r\n`);
  socket.write(body);
  // A byte now and then: once the server has closed, one of them is answered with a reset.
  const trickle = setInterval(() => socket.write("x"), 250);
  t.teardown(() => clearInterval(trickle));
  const { status, closedAfterMs } = await answer;
  t.equal(status, 413);
  t.ok(closedAfterMs >= LINGER_MS - 500 && closedAfterMs < LINGER_MS + 5_000, `closed after ${closedAfterMs} ms`);
});
