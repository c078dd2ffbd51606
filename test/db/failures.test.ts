import t from "tap";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { isDatabaseUnavailable, isRejectedData, sqlStates } from "../../src/db/failures.ts";
import { createEmptyPostgresDatabase, failure, openTestDatabase } from "../helpers/database.ts";
import { runAdminStatement } from "../../src/db/postgresAdmin.ts";
import { sleep } from "../helpers/wait.ts";

// Real errors from the driver in use (PGlite or PostgreSQL), as Prisma hands them over: a raised
// SQLSTATE reaches the classifier exactly as the server's own error of that code would.
const database = await openTestDatabase();
t.teardown(() => database.close());
const { prisma } = database;
const onPostgres = { skip: database.kind !== "postgres" && "PostgreSQL only" };

const raise = (state: string) => `DO $$ BEGIN RAISE EXCEPTION 'raised' USING ERRCODE = '${state}'; END $$`;

const UNAVAILABLE = ["08006", "08001", "53300", "53100", "57P01", "57P02", "57P03", "57014", "55000", "25006"];
const NOT_UNAVAILABLE = ["23505", "23503", "22P02", "40001", "40P01", "42P01", "P0001"];

t.test(`classifies by SQLSTATE class, in a statement and in a transaction (${database.kind})`, async (t) => {
  for (const state of [...UNAVAILABLE, ...NOT_UNAVAILABLE]) {
    const expected = UNAVAILABLE.includes(state);
    const alone = await failure(() => prisma.$executeRawUnsafe(raise(state)));
    const inTransaction = await failure(() => prisma.$transaction((tx) => tx.$executeRawUnsafe(raise(state))));
    for (const [where, error] of Object.entries({ alone, inTransaction })) {
      t.ok(sqlStates(error).includes(state), `${state} ${where}: the SQLSTATE is found in the chain`);
      t.equal(isDatabaseUnavailable(error), expected, `${state} ${where}: ${expected ? "unavailable" : "not unavailable"}`);
    }
  }
});

t.test("a read-only transaction's write (25006, as on a standby after a failover) is unavailable", async (t) => {
  const error = await failure(() =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
      await tx.organization.create({ data: { name: "read-only" } });
    }),
  );
  t.ok(sqlStates(error).includes("25006"));
  t.ok(isDatabaseUnavailable(error));
});

t.test("data the database cannot store (22xxx) is rejected data, not unavailability", async (t) => {
  const error = await failure(() => prisma.$executeRawUnsafe(raise("22021")));
  t.ok(isRejectedData(error));
  t.notOk(isDatabaseUnavailable(error));
});

t.test("a closed database is unavailable", async (t) => {
  const closed = await openTestDatabase();
  await closed.close();
  t.ok(isDatabaseUnavailable(await failure(() => closed.ping())));
});

t.test("PostgreSQL refusing connections (ECONNREFUSED) is unavailable", onPostgres, async (t) => {
  const unreachable = await openDatabase({ databaseUrl: "postgresql://postgres@127.0.0.1:1/nowhere", pool: { connectionTimeoutMillis: 500 } });
  t.teardown(() => unreachable.close());
  t.ok(isDatabaseUnavailable(await failure(() => unreachable.ping())), "a query");
  t.ok(isDatabaseUnavailable(await failure(() => unreachable.prisma.$transaction(async () => {}))), "a transaction");
});

t.test("PostgreSQL: terminated connections (57P01), a database not accepting connections (55000), and the pool recovering", onPostgres, async (t) => {
  const empty = await createEmptyPostgresDatabase();
  t.teardown(() => empty.drop());
  const own: Database = await openDatabase({ databaseUrl: empty.url, pool: { max: 1 } });
  t.teardown(() => own.close());
  const backend = async () => (await own.prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;

  const terminated = await failure(() =>
    own.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SELECT pg_terminate_backend(pg_backend_pid())");
    }),
  );
  t.ok(isDatabaseUnavailable(terminated), "a terminated connection (57P01 / connection closed) is unavailable");
  await t.resolves(own.ping(), "the pool replaced the terminated connection");

  const before = await backend();
  const readOnly = await failure(() =>
    own.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET TRANSACTION READ ONLY");
      await tx.$executeRawUnsafe("CREATE TABLE written (id int)");
    }),
  );
  t.ok(sqlStates(readOnly).includes("25006"));
  t.not(await backend(), before, "a connection that answered 25006 is not reused");

  const server = process.env.DATABASE_URL!;
  const name = new URL(empty.url).pathname.slice(1);
  await runAdminStatement(server, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
  await runAdminStatement(server, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
  t.teardown(() => runAdminStatement(server, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`));
  await sleep(200); // the pool notices its idle connection was closed
  const refused = await failure(() => own.ping());
  t.ok(sqlStates(refused).includes("55000"), "55000 while the database does not accept connections");
  t.ok(isDatabaseUnavailable(refused));
  await runAdminStatement(server, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
  await t.resolves(own.ping(), "recovers once the database accepts connections again");
});
