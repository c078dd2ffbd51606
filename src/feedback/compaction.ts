// The compaction of the feedback's daily counts (migration 0011_count_deltas).
import type { DriverQueries } from "../db/driver.ts";
import { compactCounts, countCompaction } from "../db/countCompaction.ts";

export const COMPACT_FEEDBACK_COUNTS = countCompaction("feedback_counts_compact", {
  counts: "FeedbackCount",
  deltas: "FeedbackCountDelta",
  key: ["organizationId", "dimension", "projectId", "day", "dimensionId"],
  counted: ["count", "positive", "negative"],
});

/** Moves the deltas of "FeedbackCountDelta" into "FeedbackCount" (`compactCounts`); how many it moved. */
export const compactFeedbackCounts = (db: DriverQueries, batch?: number) => compactCounts(db, COMPACT_FEEDBACK_COUNTS, batch);
