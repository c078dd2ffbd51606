import { Prisma } from "../../generated/prisma/client.ts";
import { externalUserJson as externalUserJsonText, segmentJson as segmentJsonText } from "../db/json.ts";

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
export const segmentJson = Prisma.raw(segmentJsonText);

/** SQL building the ExternalUser object of `ExternalUser u` with its segments (ordered by type). */
export const externalUserJson = Prisma.raw(externalUserJsonText);
