import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient } from "../helpers/serviceClient.ts";
import { startTcpProxy, targetOf, urlThroughProxy } from "../helpers/tcpProxy.ts";

const CONNECT_TIMEOUT_MS = 2_000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

t.test("PostgreSQL stops answering: 503 within seconds, /health stays 200, recovery without a restart", { skip: !process.env.DATABASE_URL && "needs DATABASE_URL" }, async (t) => {
  const { DATABASE_URL: url } = await freshDatabaseEnv(t);
  const proxy = await startTcpProxy(targetOf(url!));
  t.teardown(() => proxy.close());
  const service = await startServer({ DATABASE_URL: urlThroughProxy(url!, proxy), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  t.equal((await client.send("PUT", "/api/external/users", { externalId: "before" })).status, 201);

  for (const outage of ["refused", "unanswered"] as const) {
    await proxy.goDown({ acceptAndHang: outage === "unanswered" });
    // Whether refused at once or left hanging (bounded by DB_CONNECT_TIMEOUT_MS), never longer than a few seconds.
    const bound = outage === "refused" ? 1_500 : CONNECT_TIMEOUT_MS + 1_500;
    const [health, ready, upsert, ingest, listing] = await Promise.all([
      timed(() => client.send("GET", "/health")),
      timed(() => client.send("GET", "/ready")),
      timed(() => client.send("PUT", "/api/external/users", { externalId: `during-${outage}` })),
      timed(() => client.send("POST", "/api/external/threads", { externalUser: { externalId: "x" }, messages: [{ role: "user", content: "hi" }] })),
      timed(() => client.send("GET", "/api/external/threads")),
    ]);
    t.same(health.result, { status: 200, body: { status: "ok" } }, `${outage}: /health stays 200`);
    for (const [name, { result, ms }] of Object.entries({ ready, upsert, ingest, listing })) {
      t.equal(result.status, 503, `${outage}: ${name} answers 503`);
      t.match(result.body, { error: /unavailable/i });
      t.ok(ms < bound, `${outage}: ${name} answered in ${ms} ms`);
    }
    t.comment(`${outage}: 503 after ${Math.max(ready.ms, upsert.ms, ingest.ms, listing.ms)} ms at most (interactive transaction of the upsert: ${upsert.ms} ms)`);

    const downSince = Date.now();
    await proxy.comeBack();
    let ready200 = await client.send("GET", "/ready");
    while (ready200.status !== 200 && Date.now() - downSince < 10_000) ready200 = await client.send("GET", "/ready");
    const recoveryMs = Date.now() - downSince;
    t.equal(ready200.status, 200, `${outage}: ready again ${recoveryMs} ms after the database came back`);
    t.comment(`${outage}: recovered ${recoveryMs} ms after the database came back`);
    const after = await client.send("PUT", "/api/external/users", { externalId: `after-${outage}` });
    t.equal(after.status, 201, `${outage}: writes work again`);
    t.equal((await client.send("PUT", "/api/external/users", { externalId: `during-${outage}` })).status, 201, `${outage}: the 503 wrote nothing`);
  }
  t.equal(await service.stop(), 0, "the process never crashed and shuts down cleanly");
});
