import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../db/types.ts";
import { feedbackConditions, type FeedbackFilters } from "./filters.ts";

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

export type GroupBy = "day" | "week" | "month" | "project" | "intent" | "segment" | "attributeOption";

/**
 * A grouping. The matching feedback is first counted in parts, one per value of `partBy` (a
 * single value per feedback, so the total is the sum of the parts and the table is read once).
 * The groups are then made either of those parts (`from: "parts"`, `join` taking each part `c`
 * to its group), or, where a part would be a single feedback (its options) or nearly (its
 * thread), of the matching feedback `f` joined to its groups directly (`from: "feedback"`).
 */
interface Grouping {
  partBy: Prisma.Sql;
  from: "parts" | "feedback";
  join: Prisma.Sql;
  key: Prisma.Sql;
  label: Prisma.Sql;
  /** What the groups are sorted by after their count (time buckets: only by this). */
  sort: Prisma.Sql;
  groupBy: Prisma.Sql;
  byCount: boolean;
}

const ONE_PART = Prisma.sql`0`;

function timeBuckets(unit: "day" | "week" | "month"): Grouping {
  // createdAt is stored in UTC; date_trunc's weeks start on Monday.
  const day = Prisma.sql`to_char(c."by", 'YYYY-MM-DD')`;
  return {
    partBy: Prisma.sql`date_trunc(${Prisma.raw(`'${unit}'`)}, f."createdAt")`, from: "parts",
    join: Prisma.empty, key: day, label: day, sort: Prisma.sql`c."by"`, groupBy: Prisma.sql`c."by"`, byCount: false,
  };
}

function grouping(organizationId: number, groupBy: GroupBy): Grouping {
  switch (groupBy) {
    case "day":
    case "week":
    case "month":
      return timeBuckets(groupBy);
    case "project":
      return {
        partBy: Prisma.sql`f."projectId"`, from: "parts",
        join: Prisma.sql`JOIN "Project" p ON p."id" = c."by"`,
        key: Prisma.sql`p."id"::text`, label: Prisma.sql`p."name"`, sort: Prisma.sql`p."id"`,
        groupBy: Prisma.sql`p."id", p."name"`, byCount: true,
      };
    case "segment":
      // Counted per giver first: a thousand givers join their segments, not 200k feedback.
      return {
        partBy: Prisma.sql`f."externalUserId"`, from: "parts",
        join: Prisma.sql`JOIN "UserSegment" us ON us."organizationId" = ${organizationId} AND us."externalUserId" = c."by"
          JOIN "Segment" s ON s."id" = us."segmentId"
          JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"`,
        key: Prisma.sql`s."id"::text`, label: Prisma.sql`st."name" || ': ' || s."name"`, sort: Prisma.sql`s."id"`,
        groupBy: Prisma.sql`s."id", s."name", st."name"`, byCount: true,
      };
    case "intent":
      return {
        partBy: ONE_PART, from: "feedback",
        join: Prisma.sql`JOIN "ThreadIntent" ti ON ti."organizationId" = ${organizationId} AND ti."threadId" = f."threadId"
          JOIN "Intent" i ON i."id" = ti."intentId"`,
        key: Prisma.sql`i."id"::text`, label: Prisma.sql`i."name"`, sort: Prisma.sql`i."id"`,
        groupBy: Prisma.sql`i."id", i."name"`, byCount: true,
      };
    case "attributeOption":
      return {
        partBy: ONE_PART, from: "feedback",
        join: Prisma.sql`JOIN "FeedbackOption" fo ON fo."organizationId" = ${organizationId} AND fo."feedbackId" = f."id"
          JOIN "AttributeOption" o ON o."id" = fo."attributeOptionId"
          JOIN "Attribute" a ON a."id" = o."attributeId"`,
        key: Prisma.sql`o."id"::text`, label: Prisma.sql`a."name" || ': ' || o."name"`, sort: Prisma.sql`o."id"`,
        groupBy: Prisma.sql`o."id", o."name", a."name"`, byCount: true,
      };
  }
}

const COUNTS = Prisma.sql`count(*)::int AS "count",
  (count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'))::int AS "positive",
  (count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE'))::int AS "negative"`;

/** The counts of several parts `c` added up (0 when there is none). */
const SUMS = Prisma.sql`COALESCE(sum(c."count"), 0)::int AS "count",
  COALESCE(sum(c."positive"), 0)::int AS "positive",
  COALESCE(sum(c."negative"), 0)::int AS "negative"`;

const Z = Prisma.raw("1.96::float8");

/**
 * Beside the counts `c`: the positive rate and its 95 % Wilson score interval as `w`, all null
 * when the count is 0 (NULLIF makes every term null; greatest and least would skip a null, hence
 * the CASE). Clamped to [0, 1] against rounding.
 */
const WILSON = Prisma.sql`CROSS JOIN LATERAL (
    SELECT r."rate",
      CASE WHEN r."rate" IS NOT NULL THEN greatest(0, r."center" - r."margin") END AS "low",
      CASE WHEN r."rate" IS NOT NULL THEN least(1, r."center" + r."margin") END AS "high"
    FROM (
      SELECT x."rate",
        (x."rate" + ${Z} * ${Z} / (2 * x."n")) / (1 + ${Z} * ${Z} / x."n") AS "center",
        ${Z} * sqrt(x."rate" * (1 - x."rate") / x."n" + ${Z} * ${Z} / (4 * x."n" * x."n")) / (1 + ${Z} * ${Z} / x."n") AS "margin"
      FROM (SELECT c."positive"::float8 / NULLIF(c."count", 0) AS "rate", NULLIF(c."count", 0)::float8 AS "n") x
    ) r
  ) w`;

const STATS_FIELDS = Prisma.sql`'count', c."count", 'positive', c."positive", 'negative', c."negative",
  'positiveRate', w."rate", 'positiveRateLow', w."low", 'positiveRateHigh', w."high"`;

/**
 * The counts and positive rates of the matching feedback, in total and per group, computed by
 * PostgreSQL in one statement (see Grouping). A feedback counts in every group it joins (a
 * thread with two intents: both), and in none when it joins none.
 */
export async function feedbackStats(db: Db, organizationId: number, filters: FeedbackFilters, groupBy?: GroupBy): Promise<FeedbackStats> {
  const where = feedbackConditions(organizationId, filters);
  const g = groupBy === undefined ? undefined : grouping(organizationId, groupBy);
  const [stats] = await db.$queryRaw<FeedbackStats[]>`
    WITH parts AS (
      SELECT ${g?.partBy ?? ONE_PART} AS "by", ${COUNTS} FROM "Feedback" f WHERE ${where} GROUP BY 1
    )
    SELECT
      (SELECT json_build_object(${STATS_FIELDS}) FROM (SELECT ${SUMS} FROM parts c) c ${WILSON}) AS "total",
      ${g ? groupsOf(g, where) : Prisma.sql`'[]'::json`} AS "groups"`;
  return stats!;
}

/** The groups, each with its stats, in the grouping's order. */
function groupsOf(g: Grouping, where: Prisma.Sql): Prisma.Sql {
  const order = g.byCount ? Prisma.sql`c."count" DESC, c."sort"` : Prisma.sql`c."sort"`;
  const rows =
    g.from === "parts"
      ? Prisma.sql`${SUMS} FROM parts c ${g.join}`
      : Prisma.sql`${COUNTS} FROM "Feedback" f ${g.join} WHERE ${where}`;
  return Prisma.sql`COALESCE((
    SELECT json_agg(json_build_object('key', c."key", 'label', c."label", ${STATS_FIELDS}) ORDER BY ${order})
    FROM (SELECT ${g.key} AS "key", ${g.label} AS "label", ${g.sort} AS "sort", ${rows} GROUP BY ${g.groupBy}) c
    ${WILSON}), '[]'::json)`;
}
