import type { PrismaClient } from "../../generated/prisma/client.ts";

/**
 * An organization's daily feedback counts twice: as kept (FeedbackCount with its deltas, the keys
 * that sum to nothing left out) and as recounted from its feedback rows. Equal when the counts are right.
 */
export async function keptAndRecountedDailyCounts(prisma: PrismaClient, organizationId: number): Promise<{ kept: object[]; recount: object[] }> {
  const recount = await prisma.$queryRaw<object[]>`
    SELECT (c)."dimension", (c)."projectId", (c)."day"::text, (c)."dimensionId", sum((c)."count")::int AS "count",
      sum((c)."positive")::int AS "positive", sum((c)."negative")::int AS "negative"
    FROM "Feedback" f, "feedback_counts_of"(f, 1, true) c WHERE f."organizationId" = ${organizationId}
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
  const kept = await prisma.$queryRaw<object[]>`
    SELECT "dimension", "projectId", "day"::text, "dimensionId", sum("count")::int AS "count", sum("positive")::int AS "positive",
      sum("negative")::int AS "negative"
    FROM (SELECT * FROM "FeedbackCount" UNION ALL SELECT * FROM "FeedbackCountDelta") c WHERE "organizationId" = ${organizationId}
    GROUP BY 1, 2, 3, 4 HAVING (sum("count"), sum("positive"), sum("negative")) <> (0, 0, 0) ORDER BY 1, 2, 3, 4`;
  return { kept, recount };
}
