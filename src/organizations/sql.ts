// The statements of an organization's caps: the lock that serializes what adds to a capped count, and the kept counts.
import { statement } from "../db/statement.ts";

/**
 * `table` the table whose rows are counted, `organizationId` organization: an advisory lock held until the transaction
 * ends, keyed by the table's name as the other features' locks are (src/alerts, src/webhooks).
 */
export const LOCK_ORGANIZATION_COUNT = statement<{ table: string; organizationId: number }, never>(
  "lock_organization_count",
  `SELECT pg_advisory_xact_lock(hashtext(:table::text), :organizationId::int)::text`,
);

/**
 * How many segment types and segments it holds, as the triggers of migration
 * 0009_bounds keep them. Read in the transaction that added some, after the statement that did: its
 * triggers locked the counts it added to, and those counts include every addition committed before.
 */
export const SEGMENT_COUNTS = statement<{ organizationId: number }, { segmentTypes: number; segments: number }>(
  "organization_segment_counts",
  `
    SELECT COALESCE(sum("count") FILTER (WHERE "kind" = 'segmentTypes'), 0)::int AS "segmentTypes",
           COALESCE(sum("count") FILTER (WHERE "kind" = 'segments'), 0)::int AS "segments"
    FROM "OrganizationCount" WHERE "organizationId" = :organizationId AND "kind" IN ('segmentTypes', 'segments')`,
);
