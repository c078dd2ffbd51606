// The compaction of the daily counts: the deltas every vote inserts (migration 0011_count_deltas) are
// added into "FeedbackCount" and deleted, in one statement, so that a statistics statement (one
// snapshot) sees each delta in exactly one of the two tables.
import type { DriverQueries } from "../db/driver.ts";
import { statement } from "../db/statement.ts";

/**
 * Moves up to `batch` deltas into the daily counts, their sums per key upserted in key order; how
 * many it moved. One compaction at a time (a transaction-scoped advisory lock: another one that
 * runs meanwhile moves nothing), so that two never wait on each other's rows. Deltas of
 * transactions not yet committed are left for the next one.
 */
export const COMPACT_FEEDBACK_COUNTS = statement<{ batch: number }, { moved: number }>(
  "feedback_counts_compact",
  `
    WITH lock AS (
      SELECT pg_try_advisory_xact_lock(hashtext('FeedbackCountDelta')) AS "held"
    ), moved AS (
      DELETE FROM "FeedbackCountDelta" d
      WHERE d.ctid = ANY(ARRAY(SELECT x.ctid FROM "FeedbackCountDelta" x WHERE (SELECT "held" FROM lock) LIMIT :batch))
      RETURNING d.*
    ), added AS (
      INSERT INTO "FeedbackCount" AS c
      SELECT m."organizationId", m."dimension", m."projectId", m."day", m."dimensionId", sum(m."count"), sum(m."positive"), sum(m."negative")
      FROM moved m
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("organizationId", "dimension", "projectId", "day", "dimensionId") DO UPDATE SET
        "count" = c."count" + EXCLUDED."count", "positive" = c."positive" + EXCLUDED."positive", "negative" = c."negative" + EXCLUDED."negative"
    )
    SELECT count(*)::int AS "moved" FROM moved`,
);

/** Deltas moved per statement: a short transaction even after an import or a backlog. */
const BATCH = 5_000;

/** Compacts until fewer than a batch are left (or another compaction holds the lock); how many deltas it moved. */
export async function compactFeedbackCounts(db: DriverQueries, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ moved } = { moved: 0 }] = await db.rows(COMPACT_FEEDBACK_COUNTS, { batch });
    total += moved;
    if (moved < batch) return total;
  }
}
