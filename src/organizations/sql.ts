// The statements of an organization's caps: the lock that serializes what adds to a capped count, and the counts.
import type { Statement } from "../db/driver.ts";

/**
 * $1 which count (ORGANIZATION_COUNTS), $2 organization: an advisory lock held until the transaction
 * ends. The two-integer form, so that it never meets the migrations' single-key lock.
 */
export const LOCK_ORGANIZATION_COUNT: Statement<never> = {
  name: "lock_organization_count",
  text: `SELECT pg_advisory_xact_lock($1::int, $2::int)::text`,
};

/** $1 organization: how many segment types and segments it holds. */
export const SEGMENT_COUNTS: Statement<{ segmentTypes: number; segments: number }> = {
  name: "organization_segment_counts",
  text: `
    SELECT (SELECT count(*) FROM "SegmentType" WHERE "organizationId" = $1)::int AS "segmentTypes",
           (SELECT count(*) FROM "Segment" WHERE "organizationId" = $1)::int AS "segments"`,
};
