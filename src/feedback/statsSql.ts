// The statements of the feedback statistics: counted from the daily counts "FeedbackCount" (migration
// 0008_counting) where the filters allow it, else from the feedback rows.
import { DAY_BOUNDS, partialDays } from "../db/counting.ts";
import { composedStatement, statement, type ComposedStatement, type Statement } from "../db/statement.ts";
import type { FeedbackFilters } from "./filters.ts";
import { FEEDBACK_FILTERS, feedbackFilterValues, feedbackWhere, type FeedbackFilter, type FeedbackFilterParams } from "./sql.ts";

export type GroupBy = "day" | "week" | "month" | "project" | "intent" | "segment" | "attributeOption";

/** Counts, positive rate and its 95 % Wilson interval (null without votes). */
export interface Stats {
  count: number;
  positive: number;
  negative: number;
  positiveRate: number | null;
  positiveRateLow: number | null;
  positiveRateHigh: number | null;
}

/** The answer of the statistics' statements. */
export interface FeedbackStats {
  total: Stats;
  groups: (Stats & { key: string; label: string })[];
}

/** What "FeedbackCount" counts feedback by beside the whole organization (dimension ''). */
type Dimension = "" | "intent" | "segment" | "option";

/**
 * How the groups of a grouping are made of counted rows `c` (dimension, projectId, day, dimensionId,
 * counts): the rows of `dimension` are added up per group `by` first, then named (`join`).
 */
interface Grouping {
  dimension: Dimension;
  /** The group of a counted row `c`. */
  by: string;
  join: string;
  key: string;
  label: string;
  /** What the groups are sorted by after their count (time buckets: only by this). */
  sort: string;
  byCount: boolean;
}

/**
 * A dimension's link from feedback to its groups: the link table, its column that holds the feedback's
 * `key` (a column of "Feedback"), and its column of the group's id.
 */
const LINKS: Record<Exclude<Dimension, "">, { table: string; column: string; key: string; id: string }> = {
  intent: { table: `"ThreadIntent"`, column: `"threadId"`, key: `"threadId"`, id: `"intentId"` },
  segment: { table: `"UserSegment"`, column: `"externalUserId"`, key: `"externalUserId"`, id: `"segmentId"` },
  option: { table: `"FeedbackOption"`, column: `"feedbackId"`, key: `"id"`, id: `"attributeOptionId"` },
};

function timeBuckets(unit: "day" | "week" | "month"): Grouping {
  // Days are UTC (createdAt is stored in UTC); date_trunc's weeks start on Monday.
  const day = `to_char(c."by", 'YYYY-MM-DD')`;
  return {
    dimension: "", by: `date_trunc('${unit}', c."day")`, join: "", key: day, label: day, sort: `c."by"`, byCount: false,
  };
}

const GROUPINGS: Record<GroupBy, Grouping> = {
  day: timeBuckets("day"),
  week: timeBuckets("week"),
  month: timeBuckets("month"),
  project: {
    dimension: "", by: `c."projectId"`, join: `JOIN "Project" p ON p."id" = c."by"`,
    key: `p."id"::text`, label: `p."name"`, sort: `p."id"`, byCount: true,
  },
  intent: {
    dimension: "intent", by: `c."dimensionId"`, join: `JOIN "Intent" i ON i."id" = c."by"`,
    key: `i."id"::text`, label: `i."name"`, sort: `i."id"`, byCount: true,
  },
  segment: {
    dimension: "segment", by: `c."dimensionId"`,
    join: `JOIN "Segment" s ON s."id" = c."by" JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"`,
    key: `s."id"::text`, label: `st."name" || ': ' || s."name"`, sort: `s."id"`, byCount: true,
  },
  attributeOption: {
    dimension: "option", by: `c."dimensionId"`,
    join: `JOIN "AttributeOption" o ON o."id" = c."by" JOIN "Attribute" a ON a."id" = o."attributeId"`,
    key: `o."id"::text`, label: `a."name" || ': ' || o."name"`, sort: `o."id"`, byCount: true,
  },
};

const COUNTS = `count(*)::int AS "count",
  (count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'))::int AS "positive",
  (count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE'))::int AS "negative"`;

/** The counts of several counted rows `c` added up (0 when there is none). */
const SUMS = `COALESCE(sum(c."count"), 0)::int AS "count",
  COALESCE(sum(c."positive"), 0)::int AS "positive",
  COALESCE(sum(c."negative"), 0)::int AS "negative"`;

const Z = "1.96::float8";

/**
 * Beside the counts `c`: the positive rate and its 95 % Wilson score interval as `w`, all null
 * when the count is 0 (NULLIF makes every term null; greatest and least would skip a null, hence
 * the CASE). Clamped to [0, 1] against rounding; exact where the interval touches a bound (all votes one way: the upper
 * bound of 6 positive out of 6 is 1, not 0.9999999999999999, which an alert below 1 would read as confidently below).
 */
export const WILSON = `CROSS JOIN LATERAL (
    SELECT r."rate",
      CASE WHEN r."rate" = 0 THEN 0 WHEN r."rate" IS NOT NULL THEN greatest(0, r."center" - r."margin") END AS "low",
      CASE WHEN r."rate" = 1 THEN 1 WHEN r."rate" IS NOT NULL THEN least(1, r."center" + r."margin") END AS "high"
    FROM (
      SELECT x."rate",
        (x."rate" + ${Z} * ${Z} / (2 * x."n")) / (1 + ${Z} * ${Z} / x."n") AS "center",
        ${Z} * sqrt(x."rate" * (1 - x."rate") / x."n" + ${Z} * ${Z} / (4 * x."n" * x."n")) / (1 + ${Z} * ${Z} / x."n") AS "margin"
      FROM (SELECT c."positive"::float8 / NULLIF(c."count", 0) AS "rate", NULLIF(c."count", 0)::float8 AS "n") x
    ) r
  ) w`;

const STATS_FIELDS = `'count', c."count", 'positive', c."positive", 'negative', c."negative",
  'positiveRate', w."rate", 'positiveRateLow', w."low", 'positiveRateHigh', w."high"`;

/** The answer of both statements: the total of the counted rows `counted` of dimension '', and the groups. */
function statsOf(g: Grouping | undefined): string {
  const order = g?.byCount ? `c."count" DESC, c."sort"` : `c."sort"`;
  const groups = g
    ? `COALESCE((
        SELECT json_agg(json_build_object('key', c."key", 'label', c."label", ${STATS_FIELDS}) ORDER BY ${order})
        FROM (
          SELECT ${g.key} AS "key", ${g.label} AS "label", ${g.sort} AS "sort", c."count", c."positive", c."negative"
          FROM (SELECT ${g.by} AS "by", ${SUMS} FROM counted c WHERE c."dimension" = '${g.dimension}' GROUP BY 1) c ${g.join}
          WHERE c."count" > 0
        ) c ${WILSON}), '[]'::json)`
    : `'[]'::json`;
  return `SELECT
    (SELECT json_build_object(${STATS_FIELDS}) FROM (SELECT ${SUMS} FROM counted c WHERE c."dimension" = '') c ${WILSON}) AS "total",
    ${groups} AS "groups"`;
}

/** What countedRows reads of a feedback. */
const COUNTED_COLUMNS = `f."id", f."organizationId", f."projectId", f."threadId", f."externalUserId", f."feedbackType", f."createdAt"`;

/**
 * The rows of `Feedback f` (`from`) grouped as counted rows of `dimension`, per project and day when
 * `perDay` (else all in one project 0 and day null: fewer rows to join and add up when the groups are
 * not by time or project). `probe`: each feedback looks its links up in the link table's index (the
 * few rows of the edge days, whatever the plan estimates); else the rows are counted per link key
 * first (a giver's thousands of feedback: one key to look the segments up for) and then joined.
 */
function countedRows(dimension: Dimension, from: string, { probe, perDay }: { probe: boolean; perDay: boolean }): string {
  const [project, day] = perDay ? [`f."projectId"`, `f."createdAt"::date`] : ["0", "NULL::date"];
  if (dimension === "") return `SELECT '' AS "dimension", ${project} AS "projectId", ${day} AS "day", 0 AS "dimensionId", ${COUNTS} FROM ${from} GROUP BY 2, 3`;
  const { table, column, key, id } = LINKS[dimension];
  if (probe) {
    return `SELECT '${dimension}', ${project}, ${day}, linked."id", ${COUNTS} FROM ${from}
      CROSS JOIN unnest(ARRAY(SELECT l.${id} FROM ${table} l WHERE l."organizationId" = f."organizationId" AND l.${column} = f.${key})) AS linked("id")
      GROUP BY 2, 3, 4`;
  }
  return `SELECT '${dimension}', c."projectId", c."day", l.${id}, ${SUMS}
    FROM (SELECT f."organizationId", ${project} AS "projectId", ${day} AS "day", f.${key} AS "key", ${COUNTS} FROM ${from} GROUP BY 1, 2, 3, 4) c
    JOIN ${table} l ON l."organizationId" = c."organizationId" AND l.${column} = c."key"
    GROUP BY 2, 3, 4`;
}

/** The edge days' rows: beside the daily counts, so per project and day; few, so each looks its links up. */
const EDGES = { probe: true, perDay: true };

/** Whether the daily counts can answer these filters: they count by project, day and type only. */
export function countable(filters: FeedbackFilters): boolean {
  const { threadIds, externalUserIds, attributeOptionIds, search } = filters;
  return !threadIds?.length && !externalUserIds?.length && !attributeOptionIds?.length && search === undefined;
}

/** A counted row's count, positives or negatives of the feedback type `:feedbackType` (null: all). */
const typed = (column: "count" | "positive" | "negative") =>
  column === "count"
    ? `CASE WHEN :feedbackType::text IS NULL THEN c."count" WHEN :feedbackType = 'POSITIVE' THEN c."positive" WHEN :feedbackType = 'NEGATIVE' THEN c."negative" ELSE 0 END`
    : `CASE WHEN :feedbackType::text IS NULL OR :feedbackType = '${column.toUpperCase()}' THEN c."${column}" ELSE 0 END`;

/**
 * The common table expressions of the statements from the daily counts: `bounds` (DAY_BOUNDS and the
 * project `:projectId`, null: any; `byProject`: one is given), `edges` (the feedback of the partial days
 * at either edge of the window, of the type `:feedbackType`), and `counted`: the rows of "FeedbackCount"
 * and of its deltas not yet compacted ("FeedbackCountDelta", migration 0011_count_deltas) for the whole
 * days, of the dimensions `dimensions` (a condition on `c`), typed, and the counted rows `edgeRows`.
 */
function dailyCounts(byProject: boolean, dimensions: string, edgeRows: string[]): string {
  const project = (alias: string) => (byProject ? `AND ${alias}."projectId" = b."projectId"` : "");
  const wholeDays = (table: string) => `
    SELECT c."dimension", c."projectId", c."day", c."dimensionId",
      ${typed("count")} AS "count", ${typed("positive")} AS "positive", ${typed("negative")} AS "negative"
    FROM bounds b JOIN ${table} c ON c."organizationId" = :organizationId AND ${dimensions} ${project("c")}
      AND c."day" >= b."fullFrom" AND c."day" < b."fullTo"`;
  const edge = (range: string) => `
    SELECT ${COUNTED_COLUMNS} FROM bounds b JOIN "Feedback" f ON f."organizationId" = :organizationId ${project("f")} AND ${range}
    WHERE (:feedbackType::text IS NULL OR f."feedbackType" = :feedbackType)`;
  return `
      WITH bounds AS (
        SELECT :projectId::int AS "projectId", b.* FROM (${DAY_BOUNDS}) b
      ), edges AS (
        ${partialDays(`f."createdAt"`).map(edge).join(" UNION ALL ")}
      ), counted AS (
        ${[wholeDays(`"FeedbackCount"`), wholeDays(`"FeedbackCountDelta"`), ...edgeRows].join(" UNION ALL ")}
      )`;
}

/**
 * The statistics from the daily counts: the whole UTC days between the bounds from the counts, the
 * partial days at either edge from the feedback rows (a window of less than a day: only rows).
 * `after` and `before` are exclusive bounds (ISO 8601; null: none). A statement per grouping and whether a
 * project is given, so that each plan reads the counts' index as far as the key allows.
 */
function countedStats(groupBy: GroupBy | undefined, byProject: boolean): Statement<CountedStatsParams, FeedbackStats> {
  const g = groupBy === undefined ? undefined : GROUPINGS[groupBy];
  const dimension = g?.dimension ?? "";
  const edgeRows = [countedRows("", "edges f", EDGES), ...(dimension === "" ? [] : [countedRows(dimension, "edges f", EDGES)])];
  return statement<CountedStatsParams, FeedbackStats>(
    `feedback_stats:${groupBy ?? "total"}${byProject ? ":project" : ""}`,
    `${dailyCounts(byProject, `c."dimension" IN ('', '${dimension}')`, edgeRows)}
      ${statsOf(g)}`,
  );
}

/**
 * The number of feedback carrying the attribute option `:attributeOptionId` (a feedback carries an
 * option once) among those the daily counts keep, from the option's counts alone (the index of
 * migration 0014_option_counts: one option's few hundred days, not the statistics by every option)
 * and, for the edge days, each feedback's links looked up in their index (as countedRows' probe).
 */
function optionCount(byProject: boolean): Statement<CountedStatsParams & { attributeOptionId: number }, { count: number }> {
  return statement(
    `feedback_option_count${byProject ? ":project" : ""}`,
    `${dailyCounts(byProject, `c."dimension" = 'option' AND c."dimensionId" = :attributeOptionId`, [])}
      SELECT ((SELECT COALESCE(sum(c."count"), 0) FROM counted c) + (
        SELECT count(*) FROM edges f
        WHERE :attributeOptionId = ANY(ARRAY(
          SELECT fo."attributeOptionId" FROM "FeedbackOption" fo WHERE fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"))))::int AS "count"`,
  );
}

interface CountedStatsParams {
  organizationId: number;
  projectId: number | null;
  feedbackType: string | null;
  after: string | null;
  before: string | null;
}

const STATS_GROUPS = [undefined, ...(Object.keys(GROUPINGS) as GroupBy[])];

/** The statements from the daily counts, by grouping (`total`: none) and whether a project is given. */
export const COUNTED_STATS = Object.fromEntries(
  STATS_GROUPS.flatMap((groupBy) => [false, true].map((byProject) => [`${groupBy ?? "total"}${byProject ? ":project" : ""}`, countedStats(groupBy, byProject)])),
) as Record<string, Statement<CountedStatsParams, FeedbackStats>>;

/** The option count from the daily counts, of the organization and of one project. */
export const OPTION_COUNT = optionCount(false);
export const OPTION_COUNT_IN_PROJECT = optionCount(true);

/**
 * The statistics from the feedback rows, for the filters the daily counts do not keep (threads,
 * givers, options, text): the matching feedback `f`, and its links for a grouping by one. Sent
 * unnamed: planned for each call's values.
 */
function rowStatsOf(groupBy: GroupBy | undefined): ComposedStatement<FeedbackFilter, FeedbackFilterParams, FeedbackStats> {
  const g = groupBy === undefined ? undefined : GROUPINGS[groupBy];
  const rows = { probe: false, perDay: g?.dimension === "" };
  return composedStatement<FeedbackFilter, FeedbackFilterParams, FeedbackStats>(
    `feedback_row_stats:${groupBy ?? "total"}`,
    FEEDBACK_FILTERS,
    (given) => `WITH matching AS (SELECT ${COUNTED_COLUMNS} FROM "Feedback" f WHERE ${feedbackWhere(given)}), counted AS (
    ${countedRows("", "matching f", rows)}
    ${g && g.dimension !== "" ? `UNION ALL ${countedRows(g.dimension, "matching f", rows)}` : ""}
  ) ${statsOf(g)}`,
    () => true,
  );
}

/** The statements from the feedback rows, by grouping (`total`: none), each composed of the filters given. */
export const ROW_STATS = Object.fromEntries(STATS_GROUPS.map((groupBy) => [groupBy ?? "total", rowStatsOf(groupBy)])) as Record<
  string,
  ComposedStatement<FeedbackFilter, FeedbackFilterParams, FeedbackStats>
>;

/** The statement from the feedback rows for these filters and grouping, and its values: the statistics of any filters. */
export function rowStats(organizationId: number, filters: FeedbackFilters, groupBy: GroupBy | undefined) {
  const { given, params } = feedbackFilterValues(organizationId, filters);
  return { statement: ROW_STATS[groupBy ?? "total"]!.of(given), params };
}
