import t from "tap";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { keptAndRecountedDailyCounts } from "../helpers/dailyCounts.ts";
import { freshDatabaseEnv, runScript } from "../helpers/processes.ts";

// The seed writes with the triggers off (scripts/seed/session.ts): what they keep, it must write itself.

const seed = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runScript(["scripts/seed.ts", "--messages-per-thread", "4", "--users", "20", "--projects", "2", "--days", "30", ...args], env);

const openDatabaseOf = (env: NodeJS.ProcessEnv): Promise<Database> =>
  openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });

/** What the service keeps, next to what its rows give. */
async function keptAndRecounted(database: Database, organizationId: number) {
  const { prisma } = database;
  // Each thread's document as Message_search_appended (0010_search_document) builds it from its messages.
  const documents = await prisma.$queryRaw<{ kept: string | null; built: string }[]>`
    SELECT t."searchText" AS "kept", coalesce(m."text", '') AS "built"
    FROM "Thread" t
    LEFT JOIN (SELECT "threadId", string_agg(E'\n' || lower("content"), '' ORDER BY "id") AS "text" FROM "Message" GROUP BY 1) m
      ON m."threadId" = t."id"
    WHERE t."organizationId" = ${organizationId} ORDER BY t."id"`;
  const { kept: counts, recount } = await keptAndRecountedDailyCounts(prisma, organizationId);
  // OrganizationCount (0009_bounds) as its triggers keep it, and the rows it counts.
  const [organizationCounts] = await prisma.$queryRaw<object[]>`
    SELECT (SELECT "count" FROM "OrganizationCount" WHERE "organizationId" = ${organizationId} AND "kind" = 'segmentTypes') AS "segmentTypes",
      (SELECT count(*)::int FROM "SegmentType" WHERE "organizationId" = ${organizationId}) AS "segmentTypeRows",
      (SELECT "count" FROM "OrganizationCount" WHERE "organizationId" = ${organizationId} AND "kind" = 'segments') AS "segments",
      (SELECT count(*)::int FROM "Segment" WHERE "organizationId" = ${organizationId}) AS "segmentRows"`;
  // The daily thread counts (0013_thread_counts), kept and from the rows.
  const threadCounts = await prisma.$queryRaw<object[]>`
    SELECT "intentId", "projectId", "day"::text, sum("count")::int AS "count"
    FROM (SELECT * FROM "ThreadCount" UNION ALL SELECT * FROM "ThreadCountDelta") c WHERE "organizationId" = ${organizationId}
    GROUP BY 1, 2, 3 HAVING sum("count") <> 0 ORDER BY 1, 2, 3`;
  const threadRecount = await prisma.$queryRaw<object[]>`
    SELECT "intentId", "projectId", "day"::text, count(*)::int AS "count" FROM (
      SELECT 0 AS "intentId", t."projectId", t."createdAt"::date AS "day" FROM "Thread" t WHERE t."organizationId" = ${organizationId}
      UNION ALL
      SELECT ti."intentId", t."projectId", t."createdAt"::date FROM "Thread" t JOIN "ThreadIntent" ti ON ti."threadId" = t."id"
      WHERE t."organizationId" = ${organizationId}) x
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  const [stored] = await prisma.$queryRaw<{ threads: number; messages: number; feedback: number; orphans: number; onUserMessages: number; disabled: number }[]>`
    SELECT (SELECT count(*)::int FROM "Thread" WHERE "organizationId" = ${organizationId}) AS "threads",
      (SELECT count(*)::int FROM "Message" WHERE "organizationId" = ${organizationId}) AS "messages",
      (SELECT count(*)::int FROM "Feedback" WHERE "organizationId" = ${organizationId}) AS "feedback",
      (SELECT count(*)::int FROM "Feedback" f WHERE NOT EXISTS (
        SELECT 1 FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
        WHERE m."id" = f."messageId" AND t."id" = f."threadId" AND t."projectId" = f."projectId")) AS "orphans",
      (SELECT count(*)::int FROM "Feedback" f JOIN "Message" m ON m."id" = f."messageId"
       WHERE f."organizationId" = ${organizationId} AND m."role" <> 'assistant') AS "onUserMessages",
      (SELECT count(*)::int FROM pg_trigger WHERE tgenabled <> 'O') AS "disabled"`;
  return { documents, recount, counts, organizationCounts, threadCounts, threadRecount, stored: stored! };
}

t.test("seeded threads hold their search documents and feedback its daily counts, also when a second seed adds to them", async (t) => {
  const env = await freshDatabaseEnv(t);
  const first = await seed(env, "--threads", "60", "--feedback", "30");
  t.equal(first.code, 0, first.stderr);
  const organizationId = Number(/organization (\d+) created/.exec(first.stdout)![1]);
  const second = await seed(env, "--org", String(organizationId), "--threads", "20", "--feedback", "20");
  t.equal(second.code, 0, second.stderr);

  const database = await openDatabaseOf(env);
  t.teardown(() => database.close());
  const { documents, recount, counts, organizationCounts, threadCounts, threadRecount, stored } = await keptAndRecounted(database, organizationId);
  t.match(stored, { threads: 80, messages: Number, feedback: Number, orphans: 0, onUserMessages: 0, disabled: 0 },
    "feedback only on assistant messages, and every trigger stays enabled");
  t.ok(stored.messages >= 80 * 3 && stored.feedback === 50, `messages and feedback stored: ${JSON.stringify(stored)}`);
  t.same(organizationCounts, { segmentTypes: 3, segmentTypeRows: 3, segments: 13, segmentRows: 13 }, "the segments are counted by their triggers");
  t.ok(threadRecount.length > 0);
  t.same(threadCounts, threadRecount, `every daily thread count equals the rows' (${threadRecount.length} counts)`);
  t.equal(documents.length, 80);
  t.same(documents.filter(({ kept, built }) => kept !== built), [], "every document is its messages' lowercased contents");
  t.ok(documents.every(({ kept }) => kept!.includes("\n")), "no document is empty");
  t.ok(recount.length > 0);
  t.same(counts, recount, `every daily count equals the rows' (${recount.length} counts)`);
});
