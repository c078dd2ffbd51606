import { Prisma } from "../../generated/prisma/client.ts";
import { containsPattern, utcInstant } from "../db/sql.ts";
import type { Db } from "../db/types.ts";
import { loadThreads, type ThreadView } from "./views.ts";

export interface ThreadFilters {
  ids?: number[];
  externalUserIds?: string[];
  intentIds?: number[];
  userSegmentIds?: number[];
  search?: string;
  userSearch?: string;
  projectId?: number;
  /** ISO 8601 date-times; both bounds are exclusive. */
  before?: string;
  after?: string;
}

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

export interface ThreadPage {
  count: number;
  rows: ThreadView[];
}

/**
 * Every condition is scoped to the organization, subqueries included, so that each one can use
 * an index leading with organizationId. Sets of threads or users are written as `IN (subquery)`
 * so that the planner can start from the smaller side; the search terms go to the trigram
 * indexes through ILIKE.
 */
function conditions(organizationId: number, filters: ThreadFilters): Prisma.Sql[] {
  const where = [Prisma.sql`t."organizationId" = ${organizationId}`];
  const { ids, externalUserIds, intentIds, userSegmentIds, search, userSearch, projectId, before, after } = filters;
  if (ids?.length) where.push(Prisma.sql`t."id" = ANY(${ids}::int[])`);
  if (projectId !== undefined) where.push(Prisma.sql`t."projectId" = ${projectId}`);
  if (after !== undefined) where.push(Prisma.sql`t."createdAt" > ${utcInstant(after)}`);
  if (before !== undefined) where.push(Prisma.sql`t."createdAt" < ${utcInstant(before)}`);
  if (externalUserIds?.length) {
    where.push(Prisma.sql`t."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = ${organizationId} AND u."externalId" = ANY(${externalUserIds}::text[]))`);
  }
  if (userSegmentIds?.length) {
    where.push(Prisma.sql`t."externalUserId" IN (
      SELECT us."externalUserId" FROM "UserSegment" us
      WHERE us."organizationId" = ${organizationId} AND us."segmentId" = ANY(${userSegmentIds}::int[]))`);
  }
  if (intentIds?.length) {
    where.push(Prisma.sql`t."id" IN (
      SELECT ti."threadId" FROM "ThreadIntent" ti
      WHERE ti."organizationId" = ${organizationId} AND ti."intentId" = ANY(${intentIds}::int[]))`);
  }
  if (userSearch !== undefined) {
    const pattern = containsPattern(userSearch);
    where.push(Prisma.sql`t."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = ${organizationId}
        AND (u."externalId" ILIKE ${pattern} OR u."name" ILIKE ${pattern}
          OR u."email" ILIKE ${pattern} OR u."username" ILIKE ${pattern}))`);
  }
  if (search !== undefined) {
    const pattern = containsPattern(search);
    // A UNION rather than an OR: each side is one trigram index scan, and the planner can then
    // join the few matching threads instead of testing every thread of the organization.
    where.push(Prisma.sql`t."id" IN (
      SELECT s."id" FROM "Thread" s WHERE s."organizationId" = ${organizationId} AND s."externalId" ILIKE ${pattern}
      UNION
      SELECT m."threadId" FROM "Message" m WHERE m."organizationId" = ${organizationId} AND m."content" ILIKE ${pattern})`);
  }
  return where;
}

function whereClause(organizationId: number, filters: ThreadFilters): Prisma.Sql {
  return Prisma.join(conditions(organizationId, filters), " AND ");
}

/** How many of the organization's threads match: for the whole organization, an index-only scan. */
export function threadCountQuery(organizationId: number, filters: ThreadFilters): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS "count" FROM "Thread" t WHERE ${whereClause(organizationId, filters)}`;
}

/** The ids of one page of matching threads, newest first (createdAt, then id, descending). */
export function threadPageIdsQuery(organizationId: number, filters: ThreadFilters, page: PageRequest): Prisma.Sql {
  return Prisma.sql`
    SELECT t."id" FROM "Thread" t WHERE ${whereClause(organizationId, filters)}
    ORDER BY t."createdAt" DESC, t."id" DESC
    LIMIT ${page.pageSize} OFFSET ${page.pageSize * page.pageIndex}`;
}

/**
 * One page of threads and the number of all matching ones, in three queries whatever the page
 * size: the count runs beside the page (on PostgreSQL, on another connection of the pool), since
 * on a large organization it costs as much as building the page's rows.
 */
export async function listThreads(db: Db, organizationId: number, filters: ThreadFilters, page: PageRequest): Promise<ThreadPage> {
  const counting = db.$queryRaw<{ count: number }[]>(threadCountQuery(organizationId, filters));
  const rows = db
    .$queryRaw<{ id: number }[]>(threadPageIdsQuery(organizationId, filters, page))
    .then((found) => loadThreads(db, organizationId, found.map((row) => row.id)));
  const [counted, threads] = await Promise.all([counting, rows]);
  return { count: counted[0]!.count, rows: threads };
}
