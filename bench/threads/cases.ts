import { RARE_WORD } from "../../scripts/seed/vocabulary.ts";
import type { Db } from "../../src/db/types.ts";
import type { PageRequest, ThreadFilters } from "../../src/threads/listing.ts";

export interface BenchCase {
  name: string;
  filters: ThreadFilters;
  page: PageRequest;
}

const FIRST_PAGE: PageRequest = { pageSize: 50, pageIndex: 0 };
const DAY_MS = 24 * 3600 * 1000;

/** The organization with the most threads: the one `npm run seed` filled. */
export async function seededOrganization(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ organizationId: number }[]>`
    SELECT "organizationId" FROM "Thread" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  if (!row) throw new Error("the database has no threads: run `npm run seed` first");
  return row.organizationId;
}

/**
 * The benchmark's cases, with filter values taken from the data: the user with the most threads
 * (a full page at every scale), the `pro` plan segment, the most used intent, a week a month
 * before the newest thread.
 */
export async function benchCases(db: Db, organizationId: number): Promise<BenchCase[]> {
  const [user] = await db.$queryRaw<{ externalId: string }[]>`
    SELECT u."externalId" FROM "Thread" t JOIN "ExternalUser" u ON u."id" = t."externalUserId"
    WHERE t."organizationId" = ${organizationId}
    GROUP BY u."externalId" ORDER BY count(*) DESC, u."externalId" LIMIT 1`;
  const [segment] = await db.$queryRaw<{ id: number }[]>`
    SELECT s."id" FROM "Segment" s JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE s."organizationId" = ${organizationId} ORDER BY st."name" = 'plan' AND s."name" = 'pro' DESC, s."id" LIMIT 1`;
  const [intent] = await db.$queryRaw<{ intentId: number }[]>`
    SELECT "intentId" FROM "ThreadIntent" WHERE "organizationId" = ${organizationId}
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  const [newest] = await db.$queryRaw<{ createdAt: Date }[]>`
    SELECT "createdAt" FROM "Thread" WHERE "organizationId" = ${organizationId} ORDER BY "createdAt" DESC LIMIT 1`;
  if (!user || !segment || !intent || !newest) throw new Error("the organization lacks users, segments or intents: seed it");
  const weekEnd = new Date(newest.createdAt.getTime() - 30 * DAY_MS);
  return [
    { name: "first page", filters: {}, page: FIRST_PAGE },
    { name: "deep page (pageIndex 100)", filters: {}, page: { pageSize: 50, pageIndex: 100 } },
    { name: "by user (the busiest)", filters: { externalUserIds: [user.externalId] }, page: FIRST_PAGE },
    { name: "by segment (plan pro)", filters: { userSegmentIds: [segment.id] }, page: FIRST_PAGE },
    { name: "by intent", filters: { intentIds: [intent.intentId] }, page: FIRST_PAGE },
    {
      name: "by date range (a week)",
      filters: { after: new Date(weekEnd.getTime() - 7 * DAY_MS).toISOString(), before: weekEnd.toISOString() },
      page: FIRST_PAGE,
    },
    { name: `search rare word (${RARE_WORD})`, filters: { search: RARE_WORD }, page: FIRST_PAGE },
    { name: "userSearch (nakamura)", filters: { userSearch: "nakamura" }, page: FIRST_PAGE },
  ];
}

/** The case as the listing's query string. */
export function casePath({ filters, page }: BenchCase): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...page })) params.set(name, [value].flat().join(","));
  return `/api/external/threads?${params}`;
}
