// The statements of an organization's caps: the lock that serializes what adds to a capped count, and the kept counts.
import type { Statement } from "../db/driver.ts";

/**
 * $1 the table whose rows are counted, $2 organization: an advisory lock held until the transaction
 * ends, keyed by the table's name as the other features' locks are (src/alerts, src/webhooks).
 */
export const LOCK_ORGANIZATION_COUNT: Statement<never> = {
  name: "lock_organization_count",
  text: `SELECT pg_advisory_xact_lock(hashtext($1::text), $2::int)::text`,
};

/**
 * $1 organization: how many segment types and segments it holds, as the triggers of migration
 * 0009_bounds keep them. Read in the transaction that added some, after the statement that did: its
 * triggers locked the counts it added to, and those counts include every addition committed before.
 */
export const SEGMENT_COUNTS: Statement<{ segmentTypes: number; segments: number }> = {
  name: "organization_segment_counts",
  text: `
    SELECT COALESCE(sum("count") FILTER (WHERE "kind" = 'segmentTypes'), 0)::int AS "segmentTypes",
           COALESCE(sum("count") FILTER (WHERE "kind" = 'segments'), 0)::int AS "segments"
    FROM "OrganizationCount" WHERE "organizationId" = $1 AND "kind" IN ('segmentTypes', 'segments')`,
};
