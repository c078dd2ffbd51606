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
