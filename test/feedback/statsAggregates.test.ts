// The statistics from the daily counts (FeedbackCount and its deltas, kept by the triggers of migrations
// 0008_counting and 0011_count_deltas) equal those counted from the feedback rows, after random votes,
// concurrent votes, re-votes, moved creation times, deletes, cascades, changed intents and segments, a
// user's deletion, an import, and compactions amid votes; and so does the feedback listing's count taken from them,
// by one attribute option too.
import t, { type Test } from "tap";
import { compactFeedbackCounts } from "../../src/feedback/compaction.ts";
import { feedbackStats, type GroupBy } from "../../src/feedback/stats.ts";
import { rowStats } from "../../src/feedback/statsSql.ts";
import { listFeedback } from "../../src/feedback/listing.ts";
import { feedbackListing } from "../../src/feedback/sql.ts";
import { createProject } from "../../src/projects/projects.ts";
import { importOrganization } from "../../src/transfer/importer.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { keptAndRecountedDailyCounts } from "../helpers/dailyCounts.ts";
import { randomDays, seededRandom } from "../helpers/random.ts";
import { exportLines, linesOf } from "../helpers/transfer.ts";
import { readingClient } from "../fixtures/feedbackReading.ts";

const service = await startService(t);
const { org, database } = service;
const { prisma, driver } = database;
const client = service.api(org.privateKey);
const { setCreatedAt } = readingClient(service);

const seed = Number(process.env.STATS_SEED ?? Date.now() % 1_000_000);
t.comment(`STATS_SEED=${seed}`);
const { random, pick } = seededRandom(seed);

/** Setup through the API: anything but a 2xx stops the test. */
function succeeded({ response, error }: { response: Response; error?: unknown }, what: string): void {
  if (!response.ok) throw new Error(`${what} answered ${response.status} ${JSON.stringify(error)} (STATS_SEED=${seed})`);
}

const { randomTime, windows } = randomDays(random);

const second = await createProject(prisma, org.organizationId, uniqueId("second"));
const projects = [org.projectId, second.id];
for (const projectId of projects) {
  succeeded(await client.PUT("/api/external/attributes", { body: { projectId, name: "reason", options: ["outdated", "wrong", "slow"] } }), "an attribute");
}
const randomSegments = () => ({ plan: pick(["pro", "free", "team"]), region: pick(["eu", "us"]) });
const users = Array.from({ length: 6 }, () => ({ externalId: uniqueId("giver"), segments: randomSegments() }));
const threads: { externalId: string; projectId: number }[] = [];
for (let i = 0; i < 8; i++) {
  const projectId = pick(projects);
  const intents = ["billing", "refund", "export"].filter(() => random() < 0.5);
  const externalId = uniqueId("thread");
  succeeded(await client.POST("/api/external/threads", {
    body: {
      externalId, projectId, intents, externalUser: pick(users.slice(1)), // users[0], deleted below, gives feedback only
      messages: ["m1", "m2", "m3", "m4"].map((id) => ({ externalId: id, role: "user" as const, content: `message ${id}` })),
    },
  }), "a thread");
  threads.push({ externalId, projectId });
}

async function vote(): Promise<void> {
  const thread = pick(threads);
  const reason = pick(["outdated", "wrong", "slow", null]);
  const answer = await client.POST("/api/external/feedback", {
    body: {
      externalThreadId: thread.externalId, projectId: thread.projectId, externalMessageId: pick(["m1", "m2", "m3", "m4"]),
      externalUser: { externalId: pick(users).externalId }, feedbackType: pick(["POSITIVE", "NEGATIVE"] as const),
      ...(reason ? { attributes: { reason } } : {}),
    },
  });
  succeeded(answer, "a vote");
  if (random() < 0.8) await setCreatedAt(answer.data!.id, randomTime());
}

const feedbackIds = async (organizationId: number) =>
  (await prisma.feedback.findMany({ where: { organizationId }, select: { id: true } })).map(({ id }) => id);

for (let i = 0; i < 70; i++) await vote();
await Promise.all(Array.from({ length: 12 }, () => vote())); // concurrent votes, many on the same days
for (let i = 0; i < 25; i++) await vote(); // many of them re-votes: another type, other options
for (const user of users.slice(0, 3)) {
  succeeded(await client.PUT("/api/external/users", { body: { externalId: user.externalId, segments: randomSegments() } }), "a giver's new segments");
}
const someThreads = await prisma.thread.findMany({ where: { organizationId: org.organizationId }, select: { id: true, externalId: true }, take: 3 });
// A changed intent: "billing" of each thread's own project (an intent of another project is no state ingest makes,
// and the export below would not carry it).
const someThreadIds = someThreads.map(({ id }) => id);
await prisma.$executeRaw`INSERT INTO "Intent" ("organizationId", "projectId", "name")
  SELECT DISTINCT t."organizationId", t."projectId", 'billing' FROM "Thread" t WHERE t."id" = ANY(${someThreadIds}::int[]) ON CONFLICT DO NOTHING`;
await prisma.$executeRaw`INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
  SELECT t."organizationId", t."id", i."id" FROM "Thread" t
  JOIN "Intent" i ON i."organizationId" = t."organizationId" AND i."projectId" = t."projectId" AND i."name" = 'billing'
  WHERE t."id" = ANY(${someThreadIds}::int[]) ON CONFLICT DO NOTHING`;
await prisma.$executeRaw`DELETE FROM "ThreadIntent" WHERE "organizationId" = ${org.organizationId} AND "threadId" = ${someThreads[2]!.id}`;
const ids = await feedbackIds(org.organizationId);
await prisma.$executeRaw`DELETE FROM "FeedbackOption" WHERE "organizationId" = ${org.organizationId} AND "feedbackId" = ANY(${ids.slice(0, 5)}::int[])`;
await prisma.$executeRaw`DELETE FROM "Feedback" WHERE "organizationId" = ${org.organizationId} AND "id" = ANY(${ids.slice(5, 10)}::int[])`;
await prisma.$executeRaw`DELETE FROM "Message" WHERE "organizationId" = ${org.organizationId} AND "threadId" = ${someThreads[0]!.id} AND "externalId" = 'm1'`;
await prisma.$executeRaw`DELETE FROM "Thread" WHERE "organizationId" = ${org.organizationId} AND "id" = ${someThreads[1]!.id}`;
succeeded(await client.DELETE("/api/external/users/{externalId}", { params: { path: { externalId: users[0]!.externalId } } }), "a giver's deletion");
// Later votes on the threads whose messages are all left.
const cut = new Set(someThreads.slice(0, 2).map(({ externalId }) => externalId));
threads.splice(0, threads.length, ...threads.filter(({ externalId }) => !cut.has(externalId)));

const imported = await importOrganization(prisma, linesOf(await exportLines(prisma, { organizationId: org.organizationId })), { name: uniqueId("imported") });

const GROUPINGS: (GroupBy | undefined)[] = [undefined, "day", "week", "month", "project", "intent", "segment", "attributeOption"];

async function compare(t: Test, organizationId: number, projectIds: number[], what: string) {
  const filterSets = windows().flatMap((window) => [
    window,
    { ...window, projectId: pick(projectIds) },
    { ...window, feedbackType: pick(["POSITIVE", "NEGATIVE"] as const) },
    { ...window, projectId: pick(projectIds), feedbackType: pick(["POSITIVE", "NEGATIVE"] as const) },
  ]);
  const optionIds = (await prisma.attributeOption.findMany({ where: { organizationId }, select: { id: true } })).map(({ id }) => id);
  const partial = windows()[1]!; // partial days at both edges
  const listingFilterSets = [
    ...filterSets,
    { attributeOptionIds: [pick(optionIds)] },
    { ...partial, attributeOptionIds: [pick(optionIds)] },
    { ...partial, attributeOptionIds: [pick(optionIds)], projectId: pick(projectIds), feedbackType: pick(["POSITIVE", "NEGATIVE"] as const) },
    { ...partial, attributeOptionIds: optionIds.slice(0, 2) },
  ];
  for (const filters of listingFilterSets) {
    const { count, countExact } = JSON.parse(await listFeedback(driver, organizationId, filters, { pageSize: 1, pageIndex: 0 })) as { count: number; countExact: boolean };
    const fromRows = feedbackListing(organizationId, filters, { pageSize: 1, pageIndex: 0 });
    t.same({ count, countExact }, (await driver.rows(fromRows.count, fromRows.params))[0], `${what}: the listing's count of ${JSON.stringify(filters)}`);
  }
  let compared = 0;
  for (const filters of filterSets) {
    for (const groupBy of GROUPINGS) {
      const counted = await feedbackStats(driver, organizationId, filters, groupBy);
      const { statement, params } = rowStats(organizationId, filters, groupBy);
      const [fromRows] = await driver.rows(statement, params);
      t.same(counted, fromRows, `${what}: ${JSON.stringify(filters)} by ${groupBy ?? "nothing"}`);
      compared++;
    }
  }
  t.comment(`${what}: ${compared} statistics compared`);

  const { kept, recount } = await keptAndRecountedDailyCounts(prisma, organizationId);
  t.same(kept, recount, `${what}: every daily count equals the rows' (${kept.length} counts)`);
}

t.test("the daily counts answer as the rows do, the statistics and the listing's count", async (t) => {
  const left = (await feedbackIds(org.organizationId)).length;
  t.ok(left > 25, `enough feedback to compare: ${left} of 107 votes on 192 message-giver pairs, less re-votes and the deleted`);
  await compare(t, org.organizationId, projects, "after votes, re-votes and deletes");
  const importedProjects = (await prisma.project.findMany({ where: { organizationId: imported.organizationId } })).map(({ id }) => id);
  await compare(t, imported.organizationId, importedProjects, "the imported organization");
});

const deltas = async (organizationId: number) =>
  (await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS "n" FROM "FeedbackCountDelta" WHERE "organizationId" = ${organizationId}`)[0]!.n;

t.test("compaction moves the deltas into the daily counts, each once, while votes go on", async (t) => {
  t.ok((await deltas(org.organizationId)) > 0, "the votes left deltas");
  const compactions = async () => {
    for (let i = 0; i < 8; i++) await Promise.all([compactFeedbackCounts(driver, 7), compactFeedbackCounts(driver, 7)]);
  };
  await Promise.all([compactions(), ...Array.from({ length: 12 }, () => vote())]);
  await compare(t, org.organizationId, projects, "after compactions amid votes");
  const left = await deltas(org.organizationId);
  t.ok((await compactFeedbackCounts(driver)) >= left, `a compaction moves every delta left (${left} of this organization)`);
  t.equal(await deltas(org.organizationId), 0, "a compaction with nothing else running leaves no delta");
  // Nothing at all is left to move only in a database of its own: on PostgreSQL, other test files vote meanwhile.
  if (database.kind === "pglite") t.equal(await compactFeedbackCounts(driver), 0, "and the next one has nothing to move");
  await compare(t, org.organizationId, projects, "from the daily counts alone");
});

t.test("the API answers from the daily counts what the rows give", async (t) => {
  const filters = { after: "2024-01-03T06:00:00.000Z", before: "2024-01-15T18:00:00.000Z", projectId: second.id };
  const { data, response } = await client.GET("/api/external/feedback/stats", { params: { query: { ...filters, groupBy: "intent" } } });
  t.equal(response.status, 200);
  const { statement, params } = rowStats(org.organizationId, filters, "intent");
  t.same(data, (await driver.rows(statement, params))[0]);
  const listed = await client.GET("/api/external/feedback", { params: { query: { ...filters, feedbackType: "NEGATIVE" } } });
  t.equal(listed.response.status, 200);
  const fromRows = feedbackListing(org.organizationId, { ...filters, feedbackType: "NEGATIVE" }, { pageSize: 1, pageIndex: 0 });
  t.same({ count: listed.data!.count, countExact: listed.data!.countExact }, (await driver.rows(fromRows.count, fromRows.params))[0], "the listing's count");
});
