import type { components } from "../api/schema.js";
import type { DriverQueries } from "../db/driver.ts";
import { THREAD } from "../db/statements.ts";

/** The Thread object of the contract (section 2.8), with its project, user, segments, intents and latest messages. */
export type ThreadView = components["schemas"]["Thread"];

/** The thread as the API shows it (PostgreSQL builds the JSON: src/db/statements.ts); null when the organization has no such thread. */
export async function loadThread(db: DriverQueries, organizationId: number, id: number): Promise<ThreadView | null> {
  const [row] = await db.rows(THREAD, [organizationId, id]);
  return row ? (row.thread as ThreadView) : null;
}
