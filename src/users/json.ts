import { Prisma } from "../../generated/prisma/client.ts";
import { isoTimestamp as iso } from "../db/sql.ts";

/** A timestamp as the database writes it into JSON: ISO 8601 in UTC (src/db/sql.ts). */
export type IsoTimestamp = string;

export interface SegmentTypeView {
  id: number;
  organizationId: number;
  name: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The Segment object with its type. */
export interface SegmentView {
  id: number;
  organizationId: number;
  name: string;
  userSegmentTypeId: number;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  type: SegmentTypeView;
}

/** The ExternalUser object with its segments. */
export interface ExternalUserView {
  id: number;
  organizationId: number;
  externalId: string;
  name: string | null;
  email: string | null;
  username: string | null;
  segments: SegmentView[];
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** SQL building the Segment object of `Segment s` with its type `SegmentType st`. */
export const segmentJson = Prisma.sql`json_build_object(
  'id', s."id", 'organizationId', s."organizationId", 'name', s."name", 'userSegmentTypeId', s."userSegmentTypeId",
  'createdAt', ${iso('s."createdAt"')}, 'updatedAt', ${iso('s."updatedAt"')},
  'type', json_build_object(
    'id', st."id", 'organizationId', st."organizationId", 'name', st."name",
    'createdAt', ${iso('st."createdAt"')}, 'updatedAt', ${iso('st."updatedAt"')}))`;

/**
 * SQL building the ExternalUser object of `ExternalUser u` with its segments (ordered by type),
 * the subquery scoped to the organization so that it uses an index leading with it.
 */
export function externalUserJson(organizationId: number): Prisma.Sql {
  return Prisma.sql`json_build_object(
    'id', u."id", 'organizationId', u."organizationId", 'externalId', u."externalId",
    'name', u."name", 'email', u."email", 'username', u."username",
    'createdAt', ${iso('u."createdAt"')}, 'updatedAt', ${iso('u."updatedAt"')},
    'segments', COALESCE((
      SELECT json_agg(${segmentJson} ORDER BY us."userSegmentTypeId")
      FROM "UserSegment" us
      JOIN "Segment" s ON s."id" = us."segmentId"
      JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
      WHERE us."organizationId" = ${organizationId} AND us."externalUserId" = u."id"), '[]'))`;
}
