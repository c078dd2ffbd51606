import t, { type Test } from "tap";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { isDatabaseUnavailable, isNotCommitted } from "../../src/db/failures.ts";
import { runAdminStatement } from "../../src/db/postgresAdmin.ts";
import { inTransaction, type Db } from "../../src/db/types.ts";
import { createEmptyPostgresDatabase, failure } from "../helpers/database.ts";
import { startTcpProxy, targetOf, urlThroughProxy, type TcpProxy } from "../helpers/tcpProxy.ts";
import { sleep } from "../helpers/wait.ts";

// What a switchover does to the service's connections, done on one PostgreSQL server: connections
// refused, sessions terminated (57P01) in the middle of a transaction or of its COMMIT, and
// connections cut while COMMIT runs, so that its answer is lost whether the server committed or not.
// A deferred constraint trigger makes COMMIT take COMMIT_MS, long enough to act while it runs.

const FAILOVER_WAIT_MS = 3_000;
const COMMIT_MS = 600;
/** Slack for a machine busy with other test files. */
const SLACK_MS = 2_500;
const onPostgres = { skip: !process.env.DATABASE_URL && "PostgreSQL only: PGlite has no connections to lose" };

interface Setup {
  database: Database;
  proxy: TcpProxy;
  url: string;
  admin(sql: string): Promise<void>;
  rows(): Promise<string[]>;
}

async function setUp(t: Test): Promise<Setup> {
  const empty = await createEmptyPostgresDatabase();
  t.teardown(() => empty.drop());
  const admin = (sql: string) => runAdminStatement(empty.url, sql);
  await admin(`CREATE TABLE gate (note text NOT NULL);
    CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      PERFORM pg_sleep(${COMMIT_MS / 1000});
      IF NEW.note LIKE 'abort%' THEN RAISE EXCEPTION 'aborted at commit'; END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON gate DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()`);
  const proxy = await startTcpProxy(targetOf(empty.url));
  t.teardown(() => proxy.close());
  const database = await openDatabase({ databaseUrl: urlThroughProxy(empty.url, proxy), pool: { max: 4, failoverWaitMillis: FAILOVER_WAIT_MS } });
  t.teardown(() => database.close());
  const rows = async () => {
    const found = await database.prisma.$queryRaw<{ note: string }[]>`SELECT note FROM gate ORDER BY note`;
    return found.map(({ note }) => note);
  };
  return { database, proxy, url: empty.url, admin, rows };
}

/** The session's backend pid, asked inside the transaction. */
async function backendPid(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  return row!.pid;
}

/** inTransaction, counting the runs of `work` (which gets the run's number). */
async function transactionRuns<T>(database: Database, work: (tx: Db, run: number) => Promise<T>): Promise<{ result: T; runs: number }> {
  let runs = 0;
  const result = await inTransaction(database.prisma, (tx) => work(tx, ++runs));
  return { result, runs };
}

/** Cuts every connection through the proxy, which goes on forwarding new ones: answers in flight are lost. */
async function cutConnections(proxy: TcpProxy): Promise<void> {
  await proxy.goDown();
  await proxy.comeBack();
}

/** Runs `during` COMMIT_MS / 2 after the transaction's callback is done: while its COMMIT runs. */
function whileCommitting(during: () => Promise<void>): void {
  void sleep(COMMIT_MS / 2).then(during);
}

/** Prisma runs a query only once something awaits it: this starts it now. */
const started = <T>(query: PromiseLike<T>): Promise<T> => Promise.resolve(query);

t.test("connecting is tried again until the server answers, for at most the failover wait", onPostgres, async (t) => {
  const { database, proxy } = await setUp(t);
  await proxy.goDown();
  const started = Date.now();
  const ping = database.ping();
  await sleep(500);
  await proxy.comeBack();
  await ping;
  t.ok(Date.now() - started >= 500, `the ping waited for the server (${Date.now() - started} ms) and succeeded`);

  await proxy.goDown();
  const downSince = Date.now();
  const error = await failure(() => database.ping());
  const waited = Date.now() - downSince;
  t.ok(isDatabaseUnavailable(error), "then unavailable");
  t.ok(waited >= FAILOVER_WAIT_MS - 300 && waited < FAILOVER_WAIT_MS + SLACK_MS, `after the failover wait (${waited} ms)`);
  await proxy.comeBack();
});

t.test("a transaction whose session is terminated before COMMIT runs again, and writes once", onPostgres, async (t) => {
  const { database, admin, rows } = await setUp(t);
  const { result, runs } = await transactionRuns(database, async (tx, run) => {
    await tx.$executeRaw`INSERT INTO gate (note) VALUES ('terminated-before-commit')`;
    if (run === 1) await admin(`SELECT pg_terminate_backend(${await backendPid(tx)})`);
    await tx.$queryRaw`SELECT 1`;
    return "done";
  });
  t.equal(result, "done");
  t.equal(runs, 2, "the terminated run failed, the second succeeded");
  t.same(await rows(), ["terminated-before-commit"], "stored once");
});

t.test("a COMMIT answered with 57P01 committed nothing: the transaction runs again, and writes once", onPostgres, async (t) => {
  const { database, admin, rows } = await setUp(t);
  const { runs } = await transactionRuns(database, async (tx, run) => {
    await tx.$executeRaw`INSERT INTO gate (note) VALUES ('terminated-in-commit')`;
    const pid = await backendPid(tx);
    if (run === 1) whileCommitting(() => admin(`SELECT pg_terminate_backend(${pid})`));
  });
  t.equal(runs, 2);
  t.same(await rows(), ["terminated-in-commit"], "stored once");
});

t.test("a COMMIT whose answer is lost but that committed succeeds, without running again", onPostgres, async (t) => {
  const { database, proxy, rows } = await setUp(t);
  const { result, runs } = await transactionRuns(database, async (tx) => {
    await tx.$executeRaw`INSERT INTO gate (note) VALUES ('lost-answer')`;
    whileCommitting(() => cutConnections(proxy));
    return "committed";
  });
  t.equal(result, "committed", "the server says it committed: the transaction's result");
  t.equal(runs, 1, "not run again");
  t.same(await rows(), ["lost-answer"]);
});

t.test("a COMMIT whose answer is lost and that aborted runs again", onPostgres, async (t) => {
  const { database, proxy, rows } = await setUp(t);
  const { runs } = await transactionRuns(database, async (tx, run) => {
    // The first run's COMMIT fails on the server (the trigger raises), its answer cut off.
    await tx.$executeRaw`INSERT INTO gate (note) VALUES (${run === 1 ? "abort-lost-answer" : "lost-answer-again"})`;
    if (run === 1) whileCommitting(() => cutConnections(proxy));
  });
  t.equal(runs, 2);
  t.same(await rows(), ["lost-answer-again"], "only the second run's write");
});

t.test("a COMMIT whose outcome stays unknown is unavailable and never runs again", onPostgres, async (t) => {
  const { database, proxy, rows } = await setUp(t);
  let runs = 0;
  const started = Date.now();
  const error = await failure(() =>
    inTransaction(database.prisma, async (tx) => {
      runs++;
      await tx.$executeRaw`INSERT INTO gate (note) VALUES ('unknown')`;
      whileCommitting(() => proxy.goDown());
    }),
  );
  const waited = Date.now() - started;
  t.ok(isDatabaseUnavailable(error), "a 503");
  t.notOk(isNotCommitted(error));
  t.equal(runs, 1, "not run again");
  t.ok(waited < COMMIT_MS + FAILOVER_WAIT_MS + SLACK_MS, `answered after ${waited} ms`);
  await proxy.comeBack();
  t.same(await rows(), ["unknown"], "it had committed: running it again would have written it twice");
});

t.test("a statement outside a transaction runs again when that cannot repeat a write", onPostgres, async (t) => {
  const { database, admin, proxy, rows } = await setUp(t);
  const { prisma } = database;
  const pidOf = async (query: string) => {
    for (let tries = 0; tries < 100; tries++) {
      const [row] = await prisma.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE query LIKE ${`%${query}%`} AND pid <> pg_backend_pid() AND state = 'active'`;
      if (row) return row.pid;
      await sleep(20);
    }
    throw new Error(`no session runs ${query}`);
  };

  const read = started(prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_sleep(0.5) AS terminated_read`);
  await admin(`SELECT pg_terminate_backend(${await pidOf("terminated_read")})`);
  t.same(await read, [{ n: 1 }], "a read terminated by the server runs again");

  const write = started(prisma.$executeRaw`INSERT INTO gate (note) SELECT 'terminated-write' FROM pg_sleep(0.5)`);
  await admin(`SELECT pg_terminate_backend(${await pidOf("terminated-write")})`);
  t.equal(await write, 1, "a write the server answered with 57P01 did nothing: it runs again");

  const cut = started(prisma.$executeRaw`INSERT INTO gate (note) SELECT 'cut-write' FROM pg_sleep(0.5)`);
  await pidOf("cut-write");
  await proxy.goDown();
  t.ok(isDatabaseUnavailable(await failure(() => cut)), "a write whose connection was cut may have committed: unavailable, not run again");
  await proxy.comeBack();
  // The server finishes the cut write on its own: its statement, then its COMMIT.
  await sleep(500 + COMMIT_MS + 200);
  t.same(await rows(), ["cut-write", "terminated-write"], "every write once");
});
