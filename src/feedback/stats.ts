import type { DriverQueries } from "../db/driver.ts";
import type { FeedbackFilters } from "./filters.ts";
import { COUNTED_STATS, countable, OPTION_COUNT, OPTION_COUNT_IN_PROJECT, rowStats, type FeedbackStats, type GroupBy } from "./statsSql.ts";

export type { FeedbackStats, GroupBy };

/**
 * The counts and positive rates of the matching feedback, in total and per group, in one statement:
 * from the daily counts where the filters allow (the organization, a project, a type, a window),
 * else from the feedback rows. A feedback counts in every group it belongs to (a thread with two
 * intents: both), and in none when it belongs to none.
 */
export async function feedbackStats(db: DriverQueries, organizationId: number, filters: FeedbackFilters, groupBy?: GroupBy): Promise<FeedbackStats> {
  if (countable(filters)) return countedStats(db, organizationId, filters, groupBy);
  const { statement, params } = rowStats(organizationId, filters, groupBy);
  return (await db.rows(statement, params))[0]!;
}

/**
 * The number of feedback the filters match, exact, from the daily counts; undefined when they cannot
 * answer (`countable`). One attribute option among the filters is counted from that option's counts
 * (a feedback carries an option once); several are not (a feedback can carry two of them).
 */
export async function countedFeedback(db: DriverQueries, organizationId: number, filters: FeedbackFilters): Promise<number | undefined> {
  const { attributeOptionIds, ...others } = filters;
  if (attributeOptionIds?.length === 1 && countable(others)) {
    const params = { ...countedParams(organizationId, others), attributeOptionId: attributeOptionIds[0]! };
    return (await db.rows(params.projectId === null ? OPTION_COUNT : OPTION_COUNT_IN_PROJECT, params))[0]!.count;
  }
  return countable(filters) ? (await countedStats(db, organizationId, filters, undefined)).total.count : undefined;
}

/** The statistics from the daily counts, for filters they can answer. */
async function countedStats(db: DriverQueries, organizationId: number, filters: FeedbackFilters, groupBy: GroupBy | undefined): Promise<FeedbackStats> {
  const params = countedParams(organizationId, filters);
  const counted = COUNTED_STATS[`${groupBy ?? "total"}${params.projectId === null ? "" : ":project"}`]!;
  return (await db.rows(counted, params))[0]!;
}

/** The values of the statements from the daily counts: the filters they keep, null when not given. */
function countedParams(organizationId: number, { projectId, feedbackType, after, before }: FeedbackFilters) {
  return { organizationId, projectId: projectId ?? null, feedbackType: feedbackType ?? null, after: after ?? null, before: before ?? null };
}
