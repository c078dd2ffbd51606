import type { SqlRunner } from "./dataset.ts";

/**
 * The organization's daily feedback counts (0008_counting) from its rows, replacing those kept: the
 * seed writes without the triggers that keep them (withoutTriggers). One join per dimension, as
 * 0008_counting's backfill, in one transaction.
 */
export async function recountFeedback(sql: SqlRunner, organizationId: number): Promise<void> {
  await sql.query("BEGIN");
  try {
    await sql.query(`DELETE FROM "FeedbackCountDelta" WHERE "organizationId" = $1`, [organizationId]);
    await sql.query(`DELETE FROM "FeedbackCount" WHERE "organizationId" = $1`, [organizationId]);
    await sql.query(
      `INSERT INTO "FeedbackCount"
       SELECT (c)."organizationId", (c)."dimension", (c)."projectId", (c)."day", (c)."dimensionId", sum((c)."count"), sum((c)."positive"), sum((c)."negative")
       FROM (
         SELECT "feedback_count"(f."organizationId", '', f."projectId", f."createdAt", 0, f."feedbackType", 1) AS c
         FROM "Feedback" f WHERE f."organizationId" = $1
         UNION ALL
         SELECT "feedback_count"(f."organizationId", 'intent', f."projectId", f."createdAt", ti."intentId", f."feedbackType", 1)
         FROM "Feedback" f JOIN "ThreadIntent" ti ON ti."organizationId" = f."organizationId" AND ti."threadId" = f."threadId"
         WHERE f."organizationId" = $1
         UNION ALL
         SELECT "feedback_count"(f."organizationId", 'segment', f."projectId", f."createdAt", us."segmentId", f."feedbackType", 1)
         FROM "Feedback" f JOIN "UserSegment" us ON us."organizationId" = f."organizationId" AND us."externalUserId" = f."externalUserId"
         WHERE f."organizationId" = $1
         UNION ALL
         SELECT "feedback_count"(f."organizationId", 'option', f."projectId", f."createdAt", fo."attributeOptionId", f."feedbackType", 1)
         FROM "Feedback" f JOIN "FeedbackOption" fo ON fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"
         WHERE f."organizationId" = $1
       ) x
       GROUP BY 1, 2, 3, 4, 5`,
      [organizationId],
    );
    await sql.query("COMMIT");
  } catch (error) {
    await sql.query("ROLLBACK");
    throw error;
  }
}

/** The daily thread counts (0013_thread_counts) from the rows: the seed loads threads and their intents without the triggers that keep them. */
export async function recountThreads(sql: SqlRunner): Promise<void> {
  await sql.query(`SELECT "thread_counts_recount"()`);
}
