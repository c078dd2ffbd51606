import type { DriverQueries } from "../db/driver.ts";
import type { SegmentView } from "./json.ts";
import { LIST_SEGMENTS } from "./sql.ts";

export async function listSegments(db: DriverQueries, organizationId: number): Promise<SegmentView[]> {
  return (await db.rows(LIST_SEGMENTS, { organizationId })).map((row) => row.segment);
}
