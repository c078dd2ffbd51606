import type { Db } from "../db/types.ts";
import { segmentJson, type SegmentView } from "./json.ts";

/**
 * The organization's segments with their types, by type name then segment name, compared byte by
 * byte (COLLATE "C") so that the order is the same on every database whatever its locale.
 */
export async function listSegments(db: Db, organizationId: number): Promise<SegmentView[]> {
  const rows = await db.$queryRaw<{ segment: SegmentView }[]>`
    SELECT ${segmentJson} AS "segment"
    FROM "Segment" s
    JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE s."organizationId" = ${organizationId}
    ORDER BY st."name" COLLATE "C", s."name" COLLATE "C"`;
  return rows.map((row) => row.segment);
}
