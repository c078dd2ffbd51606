import { Prisma } from "../../generated/prisma/client.ts";
import { listingCount } from "../db/counting.ts";
import type { Db } from "../db/types.ts";
import { feedbackConditions, type FeedbackFilters } from "./filters.ts";
import { loadFeedbackViews, type FeedbackView } from "./views.ts";

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

export interface FeedbackPage {
  count: number;
  countExact: boolean;
  rows: FeedbackView[];
}

/**
 * One page of the organization's feedback, newest first, and the number of all matching ones (a
 * search's stops at 10,000: `listingCount`):
 * two statements, the count running beside the page (on PostgreSQL, on another connection of
 * the pool), the page's rows and their JSON built by PostgreSQL in one.
 */
export async function listFeedback(db: Db, organizationId: number, filters: FeedbackFilters, page: PageRequest): Promise<FeedbackPage> {
  const where = feedbackConditions(organizationId, filters);
  const count = listingCount(filters.search !== undefined);
  const counting = db.$queryRaw<{ count: number; countExact: boolean }[]>`
    SELECT ${Prisma.raw(count.columns)} FROM (SELECT 1 FROM "Feedback" f WHERE ${where} ${Prisma.raw(count.limit)}) matching`;
  const rows = loadFeedbackViews(
    db,
    Prisma.sql`SELECT f.* FROM "Feedback" f WHERE ${where}
      ORDER BY f."createdAt" DESC, f."id" DESC
      LIMIT ${page.pageSize} OFFSET ${page.pageSize * page.pageIndex}`,
  );
  const [counted, feedback] = await Promise.all([counting, rows]);
  return { ...counted[0]!, rows: feedback };
}
