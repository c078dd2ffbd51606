import type { Db } from "../db/types.ts";
import type { DriverQueries } from "../db/driver.ts";
import { LOCK_ORGANIZATION_COUNT } from "./sql.ts";

/** The organization-wide counts that are capped (src/limits.ts), each guarded by a lock of its own. */
export const ORGANIZATION_COUNTS = { segments: 1, attributes: 2, projects: 3 } as const;

export type OrganizationCount = keyof typeof ORGANIZATION_COUNTS;

/**
 * Run inside a transaction that has just added to the organization's `count`, before counting it:
 * such transactions then count one after the other, each after the ones before it committed, so
 * that concurrent additions at the limit never leave more than the limit (a count without the lock
 * misses what concurrent transactions have added but not yet committed). The count must be a
 * statement of its own after this one, so that its snapshot is taken once the lock is held.
 */
export async function lockOrganizationCount(db: DriverQueries, organizationId: number, count: OrganizationCount): Promise<void> {
  await db.rows(LOCK_ORGANIZATION_COUNT, [ORGANIZATION_COUNTS[count], organizationId]);
}

/** lockOrganizationCount for the transactions of Prisma's client. */
export async function lockOrganizationCountPrisma(db: Db, organizationId: number, count: OrganizationCount): Promise<void> {
  await db.$queryRawUnsafe(LOCK_ORGANIZATION_COUNT.text, ORGANIZATION_COUNTS[count], organizationId);
}
