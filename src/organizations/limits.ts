import type { DriverQueries } from "../db/driver.ts";
import { LOCK_ORGANIZATION_COUNT } from "./sql.ts";

/**
 * The organization-wide counts that are capped (src/limits.ts) and counted under a lock of their own: attributes
 * and projects, at most 1,000 rows, at each creation; intents, up to 100,000, only when a Create Thread creates
 * one (new intent names are rare beside the threads that repeat them). Segment types and segments are not
 * counted: a user's segments come with most requests, so triggers keep their counts in "OrganizationCount"
 * (migration 0009_bounds), whose row is the lock.
 */
export const ORGANIZATION_COUNTS = { attributes: "Attribute", projects: "Project", intents: "Intent" } as const;

export type LockedCount = keyof typeof ORGANIZATION_COUNTS;

/**
 * Run inside a transaction that has just added to the organization's `count`, before counting it:
 * such transactions then count one after the other, each after the ones before it committed, so
 * that concurrent additions at the limit never leave more than the limit (a count without the lock
 * misses what concurrent transactions have added but not yet committed). The count must be a
 * statement of its own after this one, so that its snapshot is taken once the lock is held.
 */
export async function lockOrganizationCount(tx: DriverQueries, organizationId: number, count: LockedCount): Promise<void> {
  await tx.rows(LOCK_ORGANIZATION_COUNT, { table: ORGANIZATION_COUNTS[count], organizationId });
}
