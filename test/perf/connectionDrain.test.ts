import t from "tap";
import { acceptedConnection, listening } from "../helpers/drainServer.ts";
import { drainConnections } from "../../src/lifecycle/connections.ts";

// When the drain closes connections, on the wall clock; what it does is tested in
// test/lifecycle/connections.test.ts. Upper bounds generous for a loaded 2-core machine.

t.test("a connection that sends nothing is closed after its grace period, not before", async (t) => {
  const graceMs = 200;
  const { drain, answer } = await acceptedConnection((_request, response) => response.end("ok"), { firstRequestGraceMs: graceMs });
  const started = Date.now();
  await drain.drain();
  const closed = await answer;
  const elapsed = Date.now() - started;
  t.notOk(closed.error, "closed, not reset");
  // Node's timers may fire a millisecond early against Date.now().
  t.ok(elapsed >= graceMs - 5 && elapsed < 5_000, `drained ${elapsed} ms after it began`);
});

t.test("idle keep-alive connections are closed at once: the drain does not wait out the keep-alive timeout", async (t) => {
  const { server, url } = await listening((_request, response) => response.end("ok"));
  server.keepAliveTimeout = 30_000;
  const drain = drainConnections(server);
  const response = await fetch(`${url}/`, { keepalive: true });
  t.equal(await response.text(), "ok");
  const started = Date.now();
  await drain.drain();
  t.ok(Date.now() - started < 5_000, `drained ${Date.now() - started} ms after it began`);
});
