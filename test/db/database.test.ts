import { randomUUID } from "node:crypto";
import t from "tap";
import { type Database, openDatabase, PGLITE_TRANSACTION_MAX_WAIT_MS } from "../../src/db/database.ts";
import { statement, type NoParams } from "../../src/db/statement.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { sleep } from "../helpers/wait.ts";

const database = await openTestDatabase();
t.teardown(() => database.close());
const { prisma } = database;
t.comment(`database: ${database.kind}`);

async function newOrganizationWithUsers(db: Database, externalIds: string[]) {
  const org = await db.prisma.organization.create({ data: { name: `org-${randomUUID()}` } });
  const users = [];
  for (const externalId of externalIds) {
    users.push(await db.prisma.externalUser.create({ data: { organizationId: org.id, externalId } }));
  }
  return { org, users };
}

t.test("ping answers while the database is reachable", async (t) => {
  await t.resolves(database.ping());
});

t.test("ping throws when PostgreSQL is unreachable", async (t) => {
  const unreachable = await openDatabase({
    databaseUrl: "postgresql://postgres@127.0.0.1:1/nowhere",
    pool: { connectionTimeoutMillis: 500 },
  });
  t.teardown(() => unreachable.close());
  await t.rejects(unreachable.ping());
});

t.test("PostgreSQL: the service's connections do not JIT-compile statements", { skip: database.kind !== "postgres" && "PostgreSQL only" }, async (t) => {
  const [row] = await database.driver.rows(statement<NoParams, { jit: string }>("test_jit", `SELECT current_setting('jit') AS jit`), {});
  t.equal(row?.jit, "off");
});

t.test("migrate() on a migrated database applies nothing", async (t) => {
  t.same(await database.migrate(), []);
});

t.test("raw queries: array and jsonb parameters, result types", async (t) => {
  const { org, users } = await newOrganizationWithUsers(database, ["a", "b", "c"]);
  const ids = users.map((user) => user.id);

  const byIds = await prisma.$queryRaw<{ externalId: string }[]>`
    SELECT "externalId" FROM "ExternalUser" WHERE id = ANY(${ids.slice(0, 2)}::int[]) ORDER BY "externalId"`;
  t.same(byIds, [{ externalId: "a" }, { externalId: "b" }], "int[] parameter");
  const byNames = await prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM "ExternalUser" WHERE "organizationId" = ${org.id} AND "externalId" = ANY(${["a", "c"]}::text[]) ORDER BY id`;
  t.same(byNames.map((row) => row.id), [ids[0], ids[2]], "text[] parameter");
  const none = await prisma.$queryRaw<unknown[]>`SELECT id FROM "ExternalUser" WHERE id = ANY(${[]}::int[])`;
  t.same(none, [], "empty array parameter");

  const counts = await prisma.$queryRaw<{ total: bigint; total_int: number; ids: number[]; names: string[] }[]>`
    SELECT count(*) AS total, count(*)::int AS total_int, array_agg(id ORDER BY id) AS ids,
           array_agg("externalId" ORDER BY id) AS names
      FROM "ExternalUser" WHERE "organizationId" = ${org.id}`;
  t.same(counts, [{ total: 3n, total_int: 3, ids, names: ["a", "b", "c"] }], "count(*) is a BigInt, arrays are arrays");

  const project = await prisma.project.create({ data: { organizationId: org.id, name: "p" } });
  const thread = await prisma.thread.create({
    data: { organizationId: org.id, projectId: project.id, externalUserId: ids[0]!, metadata: { kept: 1 } },
  });
  const updated = await prisma.$executeRaw`
    UPDATE "Thread" SET metadata = metadata || ${JSON.stringify({ added: [1, 2] })}::jsonb || ${{ nested: { x: "y" } }}::jsonb
     WHERE id = ${thread.id}`;
  t.equal(updated, 1, "$executeRaw returns the affected row count");
  const [row] = await prisma.$queryRaw<{ metadata: unknown; createdAt: unknown }[]>`
    SELECT metadata, "createdAt" FROM "Thread" WHERE id = ${thread.id}`;
  t.same(row?.metadata, { kept: 1, added: [1, 2], nested: { x: "y" } }, "jsonb parameters, jsonb parsed on read");
  t.type(row?.createdAt, Date);
});

t.test("20 concurrent interactive transactions doing INSERT ... ON CONFLICT", async (t) => {
  const { org } = await newOrganizationWithUsers(database, []);
  const upsertInTransaction = (i: number) =>
    prisma.$transaction(async (tx) => {
      const [user] = await tx.$queryRaw<{ id: number; inserted: boolean }[]>`
        INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "updatedAt")
        VALUES (${org.id}, ${`user-${i % 5}`}, ${`name-${i}`}, now())
        ON CONFLICT ("organizationId", "externalId") DO UPDATE SET "name" = EXCLUDED."name"
        RETURNING id, (xmax = 0) AS inserted`;
      await sleep(5); // keep the transaction open while the others queue
      if (i % 7 === 6) throw new Error(`rollback ${i}`);
      return user!;
    });

  const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => upsertInTransaction(i)));
  const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
  t.same(failures.sort(), ["Error: rollback 13", "Error: rollback 6"], "only the transactions that threw failed");
  const users = await prisma.externalUser.findMany({ where: { organizationId: org.id }, orderBy: { externalId: "asc" } });
  t.same(users.map((user) => user.externalId), ["user-0", "user-1", "user-2", "user-3", "user-4"]);
  const committedNames = new Set(Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 7 !== 6).map((i) => `name-${i}`));
  t.ok(users.every((user) => committedNames.has(user.name!)), "no rolled-back write is visible");
});

t.test("PGlite: transactions queued longer than Prisma's default maxWait (2 s) still run", { skip: database.kind !== "pglite" }, async (t) => {
  const { org } = await newOrganizationWithUsers(database, []);
  const count = 60;
  const start = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "ExternalUser" ("organizationId", "externalId", "updatedAt") VALUES (${org.id}, ${`u${i}`}, now())`;
        await sleep(50);
      }),
    ),
  );
  const elapsed = performance.now() - start;
  t.comment(`${count} serialized 50 ms transactions took ${Math.round(elapsed)} ms (maxWait ${PGLITE_TRANSACTION_MAX_WAIT_MS} ms)`);
  t.same(results.filter((result) => result.status === "rejected"), []);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.id } }), count);
  t.ok(elapsed > 2_000, "the queue outlasted the default maxWait");
});
