import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../db/types.ts";
import { feedbackConditions, type FeedbackFilters } from "./filters.ts";
import { loadFeedbackViews, type FeedbackView } from "./views.ts";

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

export interface FeedbackPage {
  count: number;
  rows: FeedbackView[];
}

/**
 * One page of the organization's feedback, newest first, and the number of all matching ones:
 * two statements, the count running beside the page (on PostgreSQL, on another connection of
 * the pool), the page's rows and their JSON built by PostgreSQL in one.
 */
export async function listFeedback(db: Db, organizationId: number, filters: FeedbackFilters, page: PageRequest): Promise<FeedbackPage> {
  const where = feedbackConditions(organizationId, filters);
  const counting = db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS "count" FROM "Feedback" f WHERE ${where}`;
  const rows = loadFeedbackViews(
    db,
    Prisma.sql`SELECT f.* FROM "Feedback" f WHERE ${where}
      ORDER BY f."createdAt" DESC, f."id" DESC
      LIMIT ${page.pageSize} OFFSET ${page.pageSize * page.pageIndex}`,
  );
  const [counted, feedback] = await Promise.all([counting, rows]);
  return { count: counted[0]!.count, rows: feedback };
}
