import t, { type Test } from "tap";
import { startService } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackScenario, readingClient, type StatsQuery, wilson } from "../fixtures/feedbackReading.ts";
import { WILSON } from "../../src/feedback/statsSql.ts";

const service = await startService(t);
const { org } = service;
const { stats, statsRaw } = readingClient(service);
const s = await feedbackScenario(service);

/** Stats as openapi.yaml describes them, from the counts alone: the rate and its Wilson interval computed here. */
function expected(positive: number, negative: number) {
  const count = positive + negative;
  if (count === 0) return { count, positive, negative, positiveRate: null, positiveRateLow: null, positiveRateHigh: null };
  const [low, high] = wilson(positive, count);
  return { count, positive, negative, positiveRate: positive / count, positiveRateLow: low, positiveRateHigh: high };
}

type Stats = ReturnType<typeof expected>;

/** Rates compared to 1e-12: the service computes in PostgreSQL's double precision, the test in JavaScript's. */
function assertStats(t: Test, actual: Record<string, unknown>, wanted: Stats & { key?: string; label?: string }, what: string) {
  const rates = ["positiveRate", "positiveRateLow", "positiveRateHigh"] as const;
  const exact = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([name]) => !(rates as readonly string[]).includes(name)));
  t.same(exact(actual), exact(wanted), `${what}: counts, key and label`);
  for (const rate of rates) {
    const value = actual[rate];
    if (wanted[rate] === null) t.equal(value, null, `${what}: ${rate} is null`);
    else t.ok(typeof value === "number" && Math.abs(value - wanted[rate]!) < 1e-12, `${what}: ${rate} ${value} ≈ ${wanted[rate]}`);
  }
}

async function statsOf(t: Test, query: StatsQuery) {
  const { data, response } = await stats(query);
  t.equal(response.status, 200);
  t.same(contractViolations("FeedbackStats", data), [], "the body matches openapi.yaml's FeedbackStats");
  return data!;
}

async function assertGroups(t: Test, query: StatsQuery, total: Stats, groups: (Stats & { key: string; label: string })[]) {
  const data = await statsOf(t, query);
  assertStats(t, data.total, total, "total");
  t.same(data.groups.map((group) => group.key), groups.map((group) => group.key), "the groups, in order");
  groups.forEach((group, index) => assertStats(t, data.groups[index] ?? {}, group, `group ${group.label}`));
}

const group = (key: string | number, label: string, positive: number, negative: number) => ({ key: String(key), label, ...expected(positive, negative) });
const ALL = expected(3, 2);

t.test("without groupBy: the total of every matching feedback and no groups", async (t) => {
  await assertGroups(t, {}, ALL, []);
});

t.test("groupBy week: weeks start on Monday (UTC), oldest first, only weeks with feedback", async (t) => {
  await assertGroups(t, { groupBy: "week" }, ALL, [
    group("2024-01-01", "2024-01-01", 1, 1), // Monday 1 January and Sunday 7 January, 23:59:59.999
    group("2024-01-08", "2024-01-08", 0, 1),
    group("2024-01-29", "2024-01-29", 2, 0), // Thursday 1 February
  ]);
});

t.test("groupBy day and month", async (t) => {
  await assertGroups(t, { groupBy: "day" }, ALL, [
    group("2024-01-01", "2024-01-01", 1, 0),
    group("2024-01-07", "2024-01-07", 0, 1),
    group("2024-01-08", "2024-01-08", 0, 1),
    group("2024-02-01", "2024-02-01", 2, 0),
  ]);
  await assertGroups(t, { groupBy: "month" }, ALL, [group("2024-01-01", "2024-01-01", 1, 2), group("2024-02-01", "2024-02-01", 2, 0)]);
});

t.test("groupBy project: by count, labelled with the project's name", async (t) => {
  await assertGroups(t, { groupBy: "project" }, ALL, [group(org.projectId, "default", 3, 1), group(s.second.id, s.second.name, 0, 1)]);
});

t.test("groupBy intent: a feedback counts in every intent of its thread, and in none when its thread has none", async (t) => {
  await assertGroups(t, { groupBy: "intent" }, ALL, [
    group(s.intents.billing, "billing", 1, 1),
    group(s.intents.refund, "refund", 1, 1),
    group(s.intents.secondBilling, "billing", 0, 1),
  ]);
});

t.test("groupBy segment: the giver's segments, labelled '<type>: <segment>', by count then id", async (t) => {
  const bySegmentId = [
    group(s.segments.pro, "plan: pro", 1, 1),
    group(s.segments.eu, "region: eu", 1, 1),
    group(s.segments.free, "plan: free", 1, 1),
    group(s.segments.us, "region: us", 1, 1),
  ].sort((a, b) => Number(a.key) - Number(b.key));
  await assertGroups(t, { groupBy: "segment" }, ALL, bySegmentId);
});

t.test("groupBy attributeOption: labelled '<attribute>: <option>', by count then id", async (t) => {
  const ones = [group(s.options.wrong!, "reason: wrong", 0, 1), group(s.options.slow!, "reason: slow", 0, 1)].sort((a, b) => Number(a.key) - Number(b.key));
  await assertGroups(t, { groupBy: "attributeOption" }, ALL, [group(s.options.outdated!, "reason: outdated", 2, 0), ...ones]);
});

t.test("the filters apply to the total and to the groups", async (t) => {
  await assertGroups(t, { feedbackType: "POSITIVE", groupBy: "project" }, expected(3, 0), [group(org.projectId, "default", 3, 0)]);
  await assertGroups(t, { externalUserIds: [s.ada.externalId], groupBy: "week" }, expected(1, 1), [
    group("2024-01-01", "2024-01-01", 1, 0),
    group("2024-01-08", "2024-01-08", 0, 1),
  ]);
  await assertGroups(t, { projectId: org.projectId, threadIds: [s.t1.id], search: "out", groupBy: "intent" }, expected(0, 1), [
    group(s.intents.billing, "billing", 0, 1),
    group(s.intents.refund, "refund", 0, 1),
  ]);
  await assertGroups(t, { attributeOptionIds: [s.options.outdated!], after: "2024-01-01T10:00:00Z" }, expected(1, 0), []);
  const raw = await statsRaw({ threadIds: `${s.t1.id},${s.t2.id}`, groupBy: "month" });
  t.equal(raw.statusCode, 200);
  assertStats(t, raw.json().total, expected(1, 2), "comma-separated threadIds");
});

t.test("nothing matches: counts 0, rates null, no groups", async (t) => {
  for (const groupBy of ["week", "project", "intent", "segment", "attributeOption", undefined] as const) {
    const data = await statsOf(t, { before: "2000-01-01T00:00:00Z", groupBy });
    t.same(data, { total: expected(0, 0), groups: [] }, String(groupBy));
  }
});

t.test("an all-negative group: rate 0, low bound 0, high bound above 0", async (t) => {
  const data = await statsOf(t, { feedbackType: "NEGATIVE", groupBy: "project" });
  const secondProject = data.groups.find((g) => g.key === String(s.second.id))!;
  t.equal(secondProject.positiveRate, 0);
  t.equal(secondProject.positiveRateLow, 0);
  t.ok(secondProject.positiveRateHigh! > 0.79 && secondProject.positiveRateHigh! < 0.8, String(secondProject.positiveRateHigh));
});

t.test("all votes one way: the interval's bound on that side is exactly 1 (or 0), whatever the count", async (t) => {
  const bounds = (positive: string) =>
    service.database.prisma.$queryRawUnsafe<{ count: number; low: number; high: number }[]>(
      `SELECT c."count", w."low", w."high" FROM (SELECT n AS "count", ${positive} AS "positive" FROM generate_series(1, 500) AS n) c ${WILSON}`,
    );
  const allPositive = await bounds("n");
  t.equal(allPositive.length, 500);
  t.same(allPositive.filter(({ high }) => high !== 1).map(({ count }) => count), [], "all positive: high is 1 (6 of 6 was 0.9999999999999999)");
  t.same((await bounds("0")).filter(({ low }) => low !== 0).map(({ count }) => count), [], "all negative: low is 0");
});

t.test("another organization's feedback is never counted; its ids filter everything out", async (t) => {
  const other = await service.newOrganization();
  const theirs = await feedbackScenario(service, other);
  await assertGroups(t, { groupBy: "project" }, ALL, [group(org.projectId, "default", 3, 1), group(s.second.id, s.second.name, 0, 1)]);
  await assertGroups(t, { threadIds: [theirs.t1.id], groupBy: "intent" }, expected(0, 0), []);
  await assertGroups(t, { attributeOptionIds: [theirs.options.outdated!], groupBy: "attributeOption" }, expected(0, 0), []);
});
