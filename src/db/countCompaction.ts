// The compaction of daily counts kept as deltas (the feedback's: migration 0011_count_deltas; the
// threads': 0013_thread_counts): the deltas every write inserts are added into the counts table and
// deleted, in one statement, so that a read (one snapshot) sees each delta in exactly one of the two tables.
import type { DriverQueries } from "./driver.ts";
import { statement, type Statement } from "./statement.ts";

/** A counts table, its deltas' table, the columns of its key (in key order) and its counted columns. */
export interface DailyCounts {
  counts: string;
  deltas: string;
  key: readonly string[];
  counted: readonly string[];
}

/**
 * Moves up to `batch` deltas into the counts, their sums per key upserted in key order; how many it
 * moved. One compaction of a table at a time (a transaction-scoped advisory lock: another one that
 * runs meanwhile moves nothing), so that two never wait on each other's rows. Deltas of
 * transactions not yet committed are left for the next one.
 */
export function countCompaction(name: string, { counts, deltas, key, counted }: DailyCounts): Statement<{ batch: number }, { moved: number }> {
  const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`);
  const keyColumns = quoted(key).join(", ");
  const positions = key.map((_, i) => i + 1).join(", ");
  return statement<{ batch: number }, { moved: number }>(
    name,
    `
    WITH lock AS (
      SELECT pg_try_advisory_xact_lock(hashtext('${deltas}')) AS "held"
    ), moved AS (
      DELETE FROM "${deltas}" d
      WHERE d.ctid = ANY(ARRAY(SELECT x.ctid FROM "${deltas}" x WHERE (SELECT "held" FROM lock) LIMIT :batch))
      RETURNING d.*
    ), added AS (
      INSERT INTO "${counts}" AS c
      SELECT ${quoted(key).map((column) => `m.${column}`).join(", ")}, ${quoted(counted).map((column) => `sum(m.${column})`).join(", ")}
      FROM moved m
      GROUP BY ${positions}
      ORDER BY ${positions}
      ON CONFLICT (${keyColumns}) DO UPDATE SET
        ${quoted(counted).map((column) => `${column} = c.${column} + EXCLUDED.${column}`).join(", ")}
    )
    SELECT count(*)::int AS "moved" FROM moved`,
  );
}

/** Deltas moved per statement: a short transaction even after an import or a backlog. */
const BATCH = 5_000;

/** Compacts until fewer than a batch are left (or another compaction holds the lock); how many deltas it moved. */
export async function compactCounts(db: DriverQueries, compaction: Statement<{ batch: number }, { moved: number }>, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ moved } = { moved: 0 }] = await db.rows(compaction, { batch });
    total += moved;
    if (moved < batch) return total;
  }
}
