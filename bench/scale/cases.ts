// The cases of `npm run bench:scale`: every filter of the thread listing, the feedback listing's
// search shapes and filters, and every grouping of the feedback statistics, with values taken from
// the seeded data so that each case is the same at every scale.
import { RARE_WORD } from "../../scripts/seed/vocabulary.ts";
import type { DriverQueries } from "../../src/db/driver.ts";
import { parseJsonText } from "../../src/db/json.ts";
import type { Db } from "../../src/db/types.ts";
import type { FeedbackFilters } from "../../src/feedback/filters.ts";
import { listFeedback } from "../../src/feedback/listing.ts";
import { feedbackStats, type GroupBy } from "../../src/feedback/stats.ts";
import { listThreads, type PageRequest, type ThreadFilters } from "../../src/threads/listing.ts";
import { benchCases } from "../threads/cases.ts";

/** What a case's answer held: the listings' count and rows, the statistics' total and groups. */
export interface Answer {
  count: number;
  countExact?: boolean;
  rows: number;
}

export interface ScaleCase {
  group: "threads" | "feedback" | "stats";
  name: string;
  call(db: DriverQueries, organizationId: number): Promise<Answer>;
}

const FIRST_PAGE: PageRequest = { pageSize: 50, pageIndex: 0 };
const DAY_MS = 24 * 3600 * 1000;
const GROUPINGS: (GroupBy | undefined)[] = [undefined, "day", "week", "month", "project", "intent", "segment", "attributeOption"];

function threadCase(name: string, filters: ThreadFilters, page = FIRST_PAGE): ScaleCase {
  return {
    group: "threads",
    name,
    async call(db, organizationId) {
      const { count, countExact, rows } = parseJsonText(await listThreads(db, organizationId, filters, page));
      return { count, countExact, rows: rows.length };
    },
  };
}

function feedbackCase(name: string, filters: FeedbackFilters): ScaleCase {
  return {
    group: "feedback",
    name,
    async call(db, organizationId) {
      const { count, countExact, rows } = parseJsonText(await listFeedback(db, organizationId, filters, FIRST_PAGE));
      return { count, countExact, rows: rows.length };
    },
  };
}

function statsCase(scope: string, filters: FeedbackFilters, groupBy: GroupBy | undefined): ScaleCase {
  return {
    group: "stats",
    name: `stats ${groupBy ?? "total"}, ${scope}`,
    async call(db, organizationId) {
      const { total, groups } = await feedbackStats(db, organizationId, filters, groupBy);
      return { count: total.count, rows: groups.length };
    },
  };
}

/**
 * The cases on the organization `organizationId`: the thread benchmark's filters (the busiest user,
 * the `pro` segment, the most used intent, a week), the first project, the giver with the most
 * feedback, the most used attribute option, and a 30-day window ending a day before the newest
 * feedback, both edges inside a day.
 */
export async function scaleCases(prisma: Db, organizationId: number): Promise<ScaleCase[]> {
  const threadFilters = await benchCases(prisma, organizationId);
  const [project] = await prisma.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "Project" WHERE "organizationId" = ${organizationId} ORDER BY "id" LIMIT 1`;
  const [giver] = await prisma.$queryRaw<{ externalId: string }[]>`
    SELECT u."externalId" FROM (
      SELECT "externalUserId", count(*) AS n FROM "Feedback" WHERE "organizationId" = ${organizationId} GROUP BY 1 ORDER BY 2 DESC LIMIT 1
    ) f JOIN "ExternalUser" u ON u."id" = f."externalUserId"`;
  const [option] = await prisma.$queryRaw<{ id: number }[]>`
    SELECT "attributeOptionId" AS id FROM "FeedbackOption" WHERE "organizationId" = ${organizationId}
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  const [newest] = await prisma.$queryRaw<{ createdAt: Date }[]>`
    SELECT max("createdAt") AS "createdAt" FROM "Feedback" WHERE "organizationId" = ${organizationId}`;
  if (!project || !giver || !option || !newest?.createdAt) throw new Error("the organization has no feedback: seed it with --feedback");
  const windowEnd = new Date(Math.floor(newest.createdAt.getTime() / DAY_MS) * DAY_MS - DAY_MS + 9.5 * 3600 * 1000);
  const window = { after: new Date(windowEnd.getTime() - 30 * DAY_MS + 4 * 3600 * 1000).toISOString(), before: windowEnd.toISOString() };

  const threads = [
    ...threadFilters.map(({ name, filters, page }) => threadCase(`threads ${name}`, filters, page)),
    threadCase("threads page 1000", {}, { pageSize: 50, pageIndex: 1000 }),
    threadCase("threads by project (the first)", { projectId: project.id }),
    threadCase("threads search common word (refund, ~40 % of threads)", { search: "refund" }),
    threadCase("threads search word in every thread (the)", { search: "the" }),
    threadCase("threads search no match (qqqxz)", { search: "qqqxz" }),
    // In the documents where one message ends so and the next begins so: those threads are then checked message by message.
    threadCase("threads search a term holding a newline (month.\\ni can help)", { search: "this month.\ni can help" }),
    // Every word common, the phrase nowhere: the word trigrams of each word cannot narrow it.
    threadCase("threads search a phrase of common words, no match (this month. i can help)", { search: "this month. i can help" }),
    threadCase("threads search a phrase of two common words (charged twice)", { search: "charged twice" }),
    threadCase("threads search refund in the first project", { search: "refund", projectId: project.id }),
    threadCase("threads search the in the first project", { search: "the", projectId: project.id }),
    threadCase(`threads search rare word (${RARE_WORD}) in the first project`, { search: RARE_WORD, projectId: project.id }),
    threadCase("threads search no match (qqqxz) in the first project", { search: "qqqxz", projectId: project.id }),
    threadCase("threads userSearch (nakamura) in the first project", { userSearch: "nakamura", projectId: project.id }),
    threadCase(`threads search rare word (${RARE_WORD}) and userSearch`, { search: RARE_WORD, userSearch: "nakamura" }),
  ];
  const feedback = [
    feedbackCase("feedback, no filter", {}),
    feedbackCase("feedback search common word (the)", { search: "the" }),
    feedbackCase("feedback search (timeout)", { search: "timeout" }),
    feedbackCase("feedback search no match (qqqxz)", { search: "qqqxz" }),
    feedbackCase("feedback by project (the first)", { projectId: project.id }),
    feedbackCase("feedback by giver (the busiest)", { externalUserIds: [giver.externalId] }),
    feedbackCase("feedback NEGATIVE", { feedbackType: "NEGATIVE" }),
    feedbackCase("feedback by attribute option (the most used)", { attributeOptionIds: [option.id] }),
    feedbackCase("feedback 30 days, partial edges", window),
  ];
  const scopes: [string, FeedbackFilters][] = [
    ["whole organization", {}],
    ["project filter", { projectId: project.id }],
    ["giver filter", { externalUserIds: [giver.externalId] }],
    ["30 days, partial edges", window],
  ];
  const stats = scopes.flatMap(([scope, filters]) => GROUPINGS.map((groupBy) => statsCase(scope, filters, groupBy)));
  return [...threads, ...feedback, ...stats];
}
