import type { IsoTimestamp } from "../db/json.ts";

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
