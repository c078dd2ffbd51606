// decisions.md "Counting large searches": the count of a search stops at 10,000, so that its first
// page does not wait for every match to be counted (a word in half of a million threads).

/** The count a search stops at. */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * How a listing counts the rows its filters match, as
 * `SELECT ${columns} FROM (SELECT 1 FROM … WHERE … ${limit}) matching`: the `count` and
 * `countExact` columns. Capped, the subquery stops one row past the cap, so that a count of the
 * cap or fewer is exact and more says "10,000 or more".
 */
export function listingCount(capped: boolean): { columns: string; limit: string } {
  return capped
    ? { columns: `least(count(*), ${SEARCH_COUNT_CAP})::int AS "count", count(*) <= ${SEARCH_COUNT_CAP} AS "countExact"`, limit: `LIMIT ${SEARCH_COUNT_CAP + 1}` }
    : { columns: `count(*)::int AS "count", true AS "countExact"`, limit: "" };
}

/**
 * A window given by the exclusive ISO 8601 bounds `:after` and `:before` (null: none), as the daily
 * counts read it: its bounds `lo` and `hi` in UTC, and the whole UTC days between them, from
 * `fullFrom` (inclusive) to `fullTo` (exclusive; none when the window is less than a day). A
 * `SELECT` of one row, to be joined as `b`.
 */
export const DAY_BOUNDS = `SELECT b."lo", b."hi", date_trunc('day', b."lo") + interval '1 day' AS "fullFrom", date_trunc('day', b."hi") AS "fullTo"
  FROM (SELECT COALESCE(:after::timestamptz AT TIME ZONE 'UTC', '-infinity') AS "lo",
               COALESCE(:before::timestamptz AT TIME ZONE 'UTC', 'infinity') AS "hi") b`;

/** The window's partial days at either edge, where rows are counted one by one: conditions on the time `at` of a row, given DAY_BOUNDS `b`. */
export const partialDays = (at: string) => [
  `${at} > b."lo" AND ${at} < least(b."fullFrom", b."hi")`,
  `${at} >= greatest(b."fullTo", b."fullFrom") AND ${at} > b."lo" AND ${at} < b."hi"`,
];
