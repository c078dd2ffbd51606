import type { DriverQueries } from "../db/driver.ts";
import { LIST_INTENTS, type ProjectIntentView } from "./sql.ts";

export function listIntents(db: DriverQueries, organizationId: number, projectId?: number): Promise<ProjectIntentView[]> {
  return db.rows(LIST_INTENTS, { organizationId, projectId: projectId ?? null });
}
