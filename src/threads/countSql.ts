// The thread listing's count from the daily counts "ThreadCount" (migration 0013_thread_counts): at a
// million threads, counting the rows took longer than the page.
import { DAY_BOUNDS, partialDays } from "../db/counting.ts";

/** What the daily counts count threads by: the organization, a project, an intent and the UTC day. */
export const DAILY_COUNTED_FILTERS: ReadonlySet<string> = new Set(["projectId", "intentIds", "after", "before"]);

/**
 * The exact count of the threads `where` matches (the listing's conditions on `Thread t`), as the
 * `count` and `countExact` columns: the whole UTC days of the window from "ThreadCount" and its deltas
 * not yet compacted, the partial days at either edge from the threads. For filters among
 * DAILY_COUNTED_FILTERS, one intent at most (a thread with two of the given intents is one thread,
 * but counted under each).
 */
export function dailyThreadCount(where: string, by: { projectId: boolean; intent: boolean }): string {
  const counts = (table: string) => `(
    SELECT COALESCE(sum(c."count"), 0) FROM "${table}" c
    WHERE c."organizationId" = :organizationId AND c."intentId" = ${by.intent ? "(:intentIds::int[])[1]" : "0"}
      ${by.projectId ? `AND c."projectId" = :projectId::int` : ""} AND c."day" >= b."fullFrom" AND c."day" < b."fullTo")`;
  const rows = (range: string) => `(SELECT count(*) FROM "Thread" t WHERE ${where} AND ${range})`;
  const terms = [counts("ThreadCount"), counts("ThreadCountDelta"), ...partialDays(`t."createdAt"`).map((range) => rows(range))];
  return `SELECT (${terms.join(" + ")})::int AS "count", true AS "countExact" FROM (${DAY_BOUNDS}) b`;
}
