import type { DriverQueries } from "../db/driver.ts";
import { MEMORY, type MemoryRow } from "./sql.ts";

/** The memory lookup's answer (section 2.1 of the specification). */
export type MemorySummary = MemoryRow;

/** The memory of the user's most recent thread that has a summary; null when there is none or no such user. */
export async function findMemory(db: DriverQueries, organizationId: number, userExternalId: string): Promise<MemorySummary | null> {
  const [row] = await db.rows(MEMORY, { organizationId, userExternalId });
  return row ?? null;
}
