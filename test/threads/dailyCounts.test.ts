// The thread listing's count from the daily counts (ThreadCount and its deltas, kept by the triggers of
// migration 0013_thread_counts) equals the count of the thread rows, after random threads, moved
// creation times and projects, intents added, changed and removed, deletes, a user's deletion with
// its cascade, an import, and compactions amid new threads.
import t, { type Test } from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { compactThreadCounts } from "../../src/threads/compaction.ts";
import { listThreads, type ThreadFilters } from "../../src/threads/listing.ts";
import { importOrganization } from "../../src/transfer/importer.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { randomDays, seededRandom } from "../helpers/random.ts";
import { exportLines, linesOf } from "../helpers/transfer.ts";

const service = await startService(t);
const { org, database } = service;
const { prisma, driver } = database;
const client = service.api(org.privateKey);

const seed = Number(process.env.COUNTS_SEED ?? Date.now() % 1_000_000);
t.comment(`COUNTS_SEED=${seed}`);
const { random, pick } = seededRandom(seed);

const { randomTime, windows } = randomDays(random);

const second = await createProject(prisma, org.organizationId, uniqueId("second"));
const projects = [org.projectId, second.id];
const users = Array.from({ length: 4 }, () => uniqueId("user"));

async function createThread(): Promise<void> {
  const { response } = await client.POST("/api/external/threads", {
    body: {
      externalId: uniqueId("thread"), projectId: pick(projects), intents: ["billing", "refund", "export"].filter(() => random() < 0.5),
      externalUser: { externalId: pick(users) }, messages: [{ role: "user" as const, content: "hello" }],
    },
  });
  if (!response.ok) throw new Error(`a thread answered ${response.status} (COUNTS_SEED=${seed})`);
}

const threadIds = async (organizationId: number) =>
  (await prisma.thread.findMany({ where: { organizationId }, select: { id: true }, orderBy: { id: "asc" } })).map(({ id }) => id);

for (let i = 0; i < 30; i++) await createThread();
await Promise.all(Array.from({ length: 8 }, () => createThread())); // concurrent, on the same days
for (const id of await threadIds(org.organizationId)) {
  if (random() < 0.9) await prisma.$executeRaw`UPDATE "Thread" SET "createdAt" = (${randomTime()}::timestamptz AT TIME ZONE 'UTC') WHERE "id" = ${id}`;
}
const ids = await threadIds(org.organizationId);
// An intent belongs to a project: a thread moves only without intents, and gets only its project's.
await prisma.$executeRaw`UPDATE "Thread" t SET "projectId" = ${second.id} WHERE t."id" = ANY(${ids.slice(0, 4)}::int[])
  AND NOT EXISTS (SELECT 1 FROM "ThreadIntent" ti WHERE ti."threadId" = t."id")`;
await prisma.$executeRaw`INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
  SELECT t."organizationId", t."id", i."id" FROM "Thread" t JOIN "Intent" i ON i."projectId" = t."projectId" AND i."name" = 'billing'
  WHERE t."id" = ANY(${ids.slice(4, 10)}::int[]) ON CONFLICT DO NOTHING`;
await prisma.$executeRaw`DELETE FROM "ThreadIntent" WHERE "organizationId" = ${org.organizationId} AND "threadId" = ANY(${ids.slice(10, 13)}::int[])`;
for (const projectId of projects) await prisma.intent.create({ data: { organizationId: org.organizationId, projectId, name: "renamed" } });
await prisma.$executeRaw`UPDATE "ThreadIntent" ti SET "intentId" = i."id" FROM "Thread" t, "Intent" i
  WHERE t."id" = ti."threadId" AND i."projectId" = t."projectId" AND i."name" = 'renamed' AND ti."threadId" = ANY(${ids.slice(13, 16)}::int[])
    AND ti."intentId" = (SELECT min(x."intentId") FROM "ThreadIntent" x WHERE x."threadId" = ti."threadId")`;
await prisma.$executeRaw`DELETE FROM "Thread" WHERE "organizationId" = ${org.organizationId} AND "id" = ANY(${ids.slice(16, 19)}::int[])`;
const { response: deleted } = await client.DELETE("/api/external/users/{externalId}", { params: { path: { externalId: users[0]! } } });

const imported = await importOrganization(prisma, linesOf(await exportLines(prisma, { organizationId: org.organizationId })), { name: uniqueId("imported") });

/** The count of the threads the filters match, from the rows: what the daily counts must equal. */
async function rowCount(organizationId: number, { projectId, intentIds, after, before }: ThreadFilters): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS "n" FROM "Thread" t
    WHERE t."organizationId" = ${organizationId} AND (${projectId ?? null}::int IS NULL OR t."projectId" = ${projectId ?? null}::int)
      AND (${intentIds?.[0] ?? null}::int IS NULL OR EXISTS (
        SELECT 1 FROM "ThreadIntent" ti WHERE ti."threadId" = t."id" AND ti."intentId" = ${intentIds?.[0] ?? null}::int))
      AND (${after ?? null}::timestamptz IS NULL OR t."createdAt" > (${after ?? null}::timestamptz AT TIME ZONE 'UTC'))
      AND (${before ?? null}::timestamptz IS NULL OR t."createdAt" < (${before ?? null}::timestamptz AT TIME ZONE 'UTC'))`;
  return n;
}

async function compare(t: Test, organizationId: number, what: string) {
  const projectIds = (await prisma.project.findMany({ where: { organizationId }, select: { id: true } })).map(({ id }) => id);
  const intentIds = (await prisma.intent.findMany({ where: { organizationId }, select: { id: true } })).map(({ id }) => id);
  t.ok(intentIds.length >= 3, `${what}: intents to count by`);
  let total = 0;
  for (const window of windows()) {
    for (const filters of [window, { ...window, projectId: pick(projectIds) }, { ...window, intentIds: [pick(intentIds)] },
      { ...window, projectId: pick(projectIds), intentIds: [pick(intentIds)] }]) {
      const { count, countExact } = JSON.parse(await listThreads(driver, organizationId, filters, { pageSize: 1, pageIndex: 0 })) as { count: number; countExact: boolean };
      const expected = await rowCount(organizationId, filters);
      t.same({ count, countExact }, { count: expected, countExact: true }, `${what}: ${JSON.stringify(filters)}`);
      total += expected;
    }
  }
  t.ok(total > 0, `${what}: the windows hold threads (${total} counted)`);
  const recount = await prisma.$queryRaw<object[]>`
    SELECT x."intentId", t."projectId", t."createdAt"::date::text AS "day", count(*)::int AS "count"
    FROM "Thread" t, LATERAL (SELECT 0 UNION ALL SELECT ti."intentId" FROM "ThreadIntent" ti WHERE ti."threadId" = t."id") x("intentId")
    WHERE t."organizationId" = ${organizationId} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  const kept = await prisma.$queryRaw<object[]>`
    SELECT "intentId", "projectId", "day"::text, sum("count")::int AS "count"
    FROM (SELECT * FROM "ThreadCount" UNION ALL SELECT * FROM "ThreadCountDelta") c WHERE "organizationId" = ${organizationId}
    GROUP BY 1, 2, 3 HAVING sum("count") <> 0 ORDER BY 1, 2, 3`;
  t.same(kept, recount, `${what}: every daily count equals the rows' (${kept.length} counts)`);
}

t.test("the listing's count from the daily counts equals the rows'", async (t) => {
  t.equal(deleted.status, 204, "a user's deletion, its threads and their intents by cascade");
  await compare(t, org.organizationId, "after creates, moves, intent changes and deletes");
  await compare(t, imported.organizationId, "the imported organization");
});

// This organization's: on PostgreSQL, test files running at the same time write deltas of their own.
const deltas = async () =>
  (await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS "n" FROM "ThreadCountDelta" WHERE "organizationId" = ${org.organizationId}`)[0]!.n;

t.test("compaction moves the deltas into the daily counts, each once, while threads are created", async (t) => {
  t.ok((await deltas()) > 0, "the writes left deltas");
  const compactions = async () => {
    for (let i = 0; i < 6; i++) await Promise.all([compactThreadCounts(driver, 5), compactThreadCounts(driver, 5)]);
  };
  await Promise.all([compactions(), ...Array.from({ length: 8 }, () => createThread())]);
  await compare(t, org.organizationId, "after compactions amid new threads");
  await compactThreadCounts(driver);
  t.equal(await deltas(), 0, "a compaction with nothing else running leaves no delta");
  await compare(t, org.organizationId, "from the daily counts alone");
});

t.test("the API's count: several intents are counted from the rows, a search capped", async (t) => {
  const intentIds = (await prisma.intent.findMany({ where: { organizationId: org.organizationId }, select: { id: true } })).map(({ id }) => id);
  const { data, response } = await client.GET("/api/external/threads", { params: { query: { intentIds, pageSize: 1 } } });
  t.equal(response.status, 200);
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`
    SELECT count(DISTINCT ti."threadId")::int AS "n" FROM "ThreadIntent" ti WHERE ti."organizationId" = ${org.organizationId}`;
  t.same({ count: data!.count, countExact: data!.countExact }, { count: n, countExact: true }, "a thread with two of the intents counts once");
  const byProject = await client.GET("/api/external/threads", { params: { query: { projectId: second.id, after: "2024-01-03T06:00:00Z", pageSize: 1 } } });
  t.equal(byProject.response.status, 200);
  t.equal(byProject.data!.count, await rowCount(org.organizationId, { projectId: second.id, after: "2024-01-03T06:00:00Z" }));
});
