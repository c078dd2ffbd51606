// The compaction of the threads' daily counts (migration 0013_thread_counts).
import type { DriverQueries } from "../db/driver.ts";
import { compactCounts, countCompaction } from "../db/countCompaction.ts";

export const COMPACT_THREAD_COUNTS = countCompaction("thread_counts_compact", {
  counts: "ThreadCount",
  deltas: "ThreadCountDelta",
  key: ["organizationId", "intentId", "projectId", "day"],
  counted: ["count"],
});

/** Moves the deltas of "ThreadCountDelta" into "ThreadCount" (`compactCounts`); how many it moved. */
export const compactThreadCounts = (db: DriverQueries, batch?: number) => compactCounts(db, COMPACT_THREAD_COUNTS, batch);
