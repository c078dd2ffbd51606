import type { DriverQueries } from "../db/driver.ts";
import type { FeedbackFilters } from "./filters.ts";
import { countable, countedStats, rowStats, type GroupBy } from "./statsSql.ts";

export type { GroupBy };

/** Counts, positive rate and its 95 % Wilson interval (null without votes). */
interface Stats {
  count: number;
  positive: number;
  negative: number;
  positiveRate: number | null;
  positiveRateLow: number | null;
  positiveRateHigh: number | null;
}

export interface FeedbackStats {
  total: Stats;
  groups: (Stats & { key: string; label: string })[];
}

/**
 * The counts and positive rates of the matching feedback, in total and per group, in one statement:
 * from the daily counts where the filters allow (the organization, a project, a type, a window),
 * else from the feedback rows. A feedback counts in every group it belongs to (a thread with two
 * intents: both), and in none when it belongs to none.
 */
export async function feedbackStats(db: DriverQueries, organizationId: number, filters: FeedbackFilters, groupBy?: GroupBy): Promise<FeedbackStats> {
  if (countable(filters)) {
    const { projectId, feedbackType, after, before } = filters;
    const [stats] = await db.rows(countedStats(groupBy, projectId !== undefined), [organizationId, projectId ?? null, feedbackType ?? null, after ?? null, before ?? null]);
    return stats as FeedbackStats;
  }
  const { statement, values } = rowStats(organizationId, filters, groupBy);
  const [stats] = await db.rows(statement, values);
  return stats as FeedbackStats;
}
