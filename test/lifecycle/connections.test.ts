import { once } from "node:events";
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import t from "tap";
import { closeConnectionsGracefully } from "../../src/lifecycle/connections.ts";

const BODY = "x".repeat(32 * 1024 * 1024);

/** Bytes a client receives of a large response it starts reading only after server.close(). */
async function receivedAfterClose(graceful: boolean): Promise<number> {
  const server = createServer((_request, response) => response.end(BODY));
  if (graceful) closeConnectionsGracefully(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const [response] = (await once(get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`), "response")) as [IncomingMessage];
  response.pause();
  const closed = once(server, "close");
  server.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  let received = 0;
  response.on("data", (chunk: Buffer) => (received += chunk.length));
  response.on("error", () => {}); // "aborted" when the server cut the response off
  const ended = new Promise((resolve) => response.on("close", resolve));
  response.resume();
  await ended;
  await closed;
  return received;
}

t.test("server.close() alone cuts off a response already handed to res.end() (why the module exists)", async (t) => {
  t.ok((await receivedAfterClose(false)) < BODY.length);
});

t.test("with closeConnectionsGracefully the whole response arrives and the server still closes", async (t) => {
  t.equal(await receivedAfterClose(true), BODY.length);
});

t.test("idle keep-alive connections are closed, so close() does not wait for them", async (t) => {
  const server = createServer((_request, response) => response.end("ok"));
  closeConnectionsGracefully(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { keepalive: true });
  t.equal(await response.text(), "ok");
  const started = Date.now();
  await new Promise((resolve) => server.close(resolve));
  t.ok(Date.now() - started < 1_000);
});
