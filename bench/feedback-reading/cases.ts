import type { Db } from "../../src/db/types.ts";
import type { FeedbackFilters } from "../../src/feedback/filters.ts";
import type { PageRequest } from "../../src/threads/listing.ts";
import type { GroupBy } from "../../src/feedback/stats.ts";

export type ReadingCase =
  | { name: string; kind: "list"; filters: FeedbackFilters; page: PageRequest }
  | { name: string; kind: "stats"; filters: FeedbackFilters; groupBy?: GroupBy };

const FIRST_PAGE: PageRequest = { pageSize: 50, pageIndex: 0 };
const DAY_MS = 24 * 3600 * 1000;

/** The organization with the most feedback: the one `npm run seed -- --feedback N` filled. */
export async function seededOrganization(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ organizationId: number }[]>`
    SELECT "organizationId" FROM "Feedback" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  if (!row) throw new Error("the database has no feedback: run `npm run seed -- --feedback 200000` first");
  return row.organizationId;
}

/**
 * The cases, with filter values taken from the data: the busiest project, the ten threads with
 * the most feedback, the busiest giver, the most used option, a word of one negative text in
 * ten, a week a month before the newest feedback.
 */
export async function readingCases(db: Db, organizationId: number): Promise<ReadingCase[]> {
  const [project] = await db.$queryRaw<{ projectId: number }[]>`
    SELECT "projectId" FROM "Feedback" WHERE "organizationId" = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  const threads = await db.$queryRaw<{ threadId: number }[]>`
    SELECT "threadId" FROM "Feedback" WHERE "organizationId" = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 10`;
  const [giver] = await db.$queryRaw<{ externalId: string }[]>`
    SELECT u."externalId" FROM "Feedback" f JOIN "ExternalUser" u ON u."id" = f."externalUserId"
    WHERE f."organizationId" = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`;
  const [option] = await db.$queryRaw<{ attributeOptionId: number }[]>`
    SELECT "attributeOptionId" FROM "FeedbackOption" WHERE "organizationId" = ${organizationId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  const [newest] = await db.$queryRaw<{ createdAt: Date }[]>`
    SELECT "createdAt" FROM "Feedback" WHERE "organizationId" = ${organizationId} ORDER BY "createdAt" DESC LIMIT 1`;
  if (!project || !giver || !option || !newest) throw new Error("the organization lacks feedback with options: seed it");
  const weekEnd = new Date(newest.createdAt.getTime() - 30 * DAY_MS);
  const week = { after: new Date(weekEnd.getTime() - 7 * DAY_MS).toISOString(), before: weekEnd.toISOString() };
  const list = (name: string, filters: FeedbackFilters, page = FIRST_PAGE): ReadingCase => ({ name: `list ${name}`, kind: "list", filters, page });
  const stats = (name: string, filters: FeedbackFilters, groupBy?: GroupBy): ReadingCase => ({ name: `stats ${name}`, kind: "stats", filters, groupBy });
  return [
    list("first page", {}),
    list("deep page (pageIndex 100)", {}, { pageSize: 50, pageIndex: 100 }),
    list("by project (the busiest)", { projectId: project.projectId }),
    list("by threadIds (10)", { threadIds: threads.map((row) => row.threadId) }),
    list("by giver (the busiest)", { externalUserIds: [giver.externalId] }),
    list("by feedbackType NEGATIVE", { feedbackType: "NEGATIVE" }),
    list("by attributeOption (the most used)", { attributeOptionIds: [option.attributeOptionId] }),
    list("search (timeout)", { search: "timeout" }),
    list("by date range (a week)", week),
    stats("total only", {}),
    stats("week, whole organization", {}, "week"),
    stats("week, by project (the busiest)", { projectId: project.projectId }, "week"),
    stats("week, by giver (the busiest)", { externalUserIds: [giver.externalId] }, "week"),
    stats("day, whole organization", {}, "day"),
    stats("month, whole organization", {}, "month"),
    stats("project, whole organization", {}, "project"),
    stats("intent, whole organization", {}, "intent"),
    stats("segment, whole organization", {}, "segment"),
    stats("attributeOption, whole organization", {}, "attributeOption"),
  ];
}

/** The case as a request path with its query string. */
export function casePath(readingCase: ReadingCase): string {
  const params = new URLSearchParams();
  const query = readingCase.kind === "list" ? { ...readingCase.filters, ...readingCase.page } : { ...readingCase.filters, groupBy: readingCase.groupBy };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, [value].flat().join(","));
  return `/api/external/feedback${readingCase.kind === "stats" ? "/stats" : ""}?${params}`;
}
