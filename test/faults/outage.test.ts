import t from "tap";
import { runAdminStatement } from "../../src/db/postgresAdmin.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, type ServiceClient } from "../helpers/serviceClient.ts";
import { startTcpProxy, targetOf, urlThroughProxy } from "../helpers/tcpProxy.ts";
import { sleep } from "../helpers/wait.ts";

const CONNECT_TIMEOUT_MS = 2_000;
/** How long requests ride out an outage before their 503 (DB_FAILOVER_WAIT_MS, 4 s by default): shorter here, the outages last. */
const FAILOVER_WAIT_MS = 1_000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

t.test("PostgreSQL stops answering: 503 within seconds, /health stays 200, recovery without a restart", { skip: !process.env.DATABASE_URL && "needs DATABASE_URL" }, async (t) => {
  const { DATABASE_URL: url } = await freshDatabaseEnv(t);
  const proxy = await startTcpProxy(targetOf(url!));
  t.teardown(() => proxy.close());
  const service = await startServer({ DATABASE_URL: urlThroughProxy(url!, proxy), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS), DB_FAILOVER_WAIT_MS: String(FAILOVER_WAIT_MS) }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  t.equal((await client.send("PUT", "/api/external/users", { externalId: "before" })).status, 201);

  for (const outage of ["refused", "unanswered"] as const) {
    await proxy.goDown({ acceptAndHang: outage === "unanswered" });
    // Refused: connecting is tried again for DB_FAILOVER_WAIT_MS; left hanging: one attempt, bounded by
    // DB_CONNECT_TIMEOUT_MS, is not tried again. Never longer than a few seconds.
    const bound = outage === "refused" ? FAILOVER_WAIT_MS + 1_500 : CONNECT_TIMEOUT_MS + 1_500;
    const [health, ready, upsert, ingest, listing] = await Promise.all([
      timed(() => client.send("GET", "/health")),
      timed(() => client.send("GET", "/ready")),
      timed(() => client.send("PUT", "/api/external/users", { externalId: `during-${outage}` })),
      timed(() => client.send("POST", "/api/external/threads", { externalUser: { externalId: "x" }, messages: [{ role: "user", content: "hi" }] })),
      timed(() => client.send("GET", "/api/external/threads")),
    ]);
    t.match(health.result, { status: 200, body: { status: "ok" } }, `${outage}: /health stays 200`);
    for (const [name, { result, ms }] of Object.entries({ ready, upsert, ingest, listing })) {
      t.equal(result.status, 503, `${outage}: ${name} answers 503`);
      t.match(result.body, { error: /unavailable/i });
      t.equal(result.headers.get("retry-after"), "5", `${outage}: ${name} says when to retry`);
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

/** Runs `work` while requests of every kind are sent; returns every status they got. */
async function statusesDuring(client: ServiceClient, work: () => Promise<void>): Promise<number[]> {
  const statuses: number[] = [];
  let running = true;
  const traffic = async (index: number) => {
    for (let round = 0; running; round++) {
      const user = `traffic-${index}-${round}`;
      const requests = [
        client.send("PUT", "/api/external/users", { externalId: user }),
        client.send("POST", "/api/external/threads", { externalUser: { externalId: user }, messages: [{ role: "user", content: "hi" }] }),
        client.send("GET", "/api/external/threads?pageSize=5"),
      ];
      for (const { status } of await Promise.all(requests)) statuses.push(status);
    }
  };
  const senders = Array.from({ length: 4 }, (_, index) => traffic(index));
  await work();
  running = false;
  await Promise.all(senders);
  return statuses;
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

t.test("PostgreSQL terminates connections (57P01), refuses them (55000), turns read-only (25006): 503, never 500, then recovery", { skip: !process.env.DATABASE_URL && "needs DATABASE_URL" }, async (t) => {
  const { DATABASE_URL: url } = await freshDatabaseEnv(t);
  const name = new URL(url!).pathname.slice(1);
  const admin = (sql: string) => runAdminStatement(process.env.DATABASE_URL!, sql);
  const terminateAll = () => admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
  const poolSize = 3;
  const service = await startServer({ DATABASE_URL: url, DB_POOL_MAX: String(poolSize), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS), DB_FAILOVER_WAIT_MS: String(FAILOVER_WAIT_MS) }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));

  const terminated = await statusesDuring(client, async () => {
    for (let i = 0; i < 10; i++) {
      await terminateAll();
      await sleep(100);
    }
  });
  t.same([...new Set(terminated)].filter((status) => ![200, 201, 503].includes(status)), [], `terminated connections: only 2xx and 503 (${countOf(terminated, 503)} of ${terminated.length} were 503)`);

  await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
  t.teardown(() => admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`));
  await terminateAll();
  for (const [what, request] of Object.entries({
    upsert: () => client.send("PUT", "/api/external/users", { externalId: "refused" }),
    listing: () => client.send("GET", "/api/external/threads"),
    ready: () => client.send("GET", "/ready"),
  })) {
    const answer = await request();
    t.equal(answer.status, 503, `not accepting connections (55000): ${what} answers 503`);
    t.equal(answer.headers.get("retry-after"), "5");
  }
  await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
  t.equal((await client.send("PUT", "/api/external/users", { externalId: "accepted" })).status, 201, "accepting connections again: writes work");

  // A failover leaves the service connected to a server that is now read-only, then the new primary takes writes.
  await admin(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
  await terminateAll();
  const readOnly = await Promise.all(Array.from({ length: poolSize * 2 }, (_, i) => client.send("PUT", "/api/external/users", { externalId: `read-only-${i}` })));
  t.same(readOnly.map(({ status }) => status), readOnly.map(() => 503), "read-only (25006): every write answers 503");
  t.equal((await client.send("GET", "/api/external/threads")).status, 200, "read-only: reads still work");
  await admin(`ALTER DATABASE "${name}" RESET default_transaction_read_only`);
  // Each write that meets a read-only connection drops it: after at most the pool's size, writes succeed.
  const afterFailover = [];
  for (let attempt = 0; attempt <= poolSize; attempt++) {
    const { status } = await client.send("PUT", "/api/external/users", { externalId: `writable-${attempt}` });
    afterFailover.push(status);
    if (status === 201) break;
  }
  t.equal(afterFailover.at(-1), 201, `writable again: writes succeed after ${afterFailover.length} attempts (${afterFailover.join(", ")})`);
  t.notOk(service.output().includes('"statusCode":500') || /"status":500/.test(service.output()), "no request answered 500");
  t.equal(await service.stop(), 0, "the process never crashed and shuts down cleanly");
});
