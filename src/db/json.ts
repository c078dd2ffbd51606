// The JSON fragments that several domains' statements embed: the API's objects built by PostgreSQL,
// in the order of the properties of their openapi.yaml schemas, taking the organization from the
// row they are built for, so that the same text serves every statement that embeds them.
import { isoTimestampText as iso } from "./sql.ts";

declare const encodes: unique symbol;

/**
 * JSON text as PostgreSQL built it, answered as it is (no parsing, no serialising again): a string
 * that says which view it encodes, so that types still say what an answer is.
 */
export type JsonText<View> = string & { readonly [encodes]: View };

/** The view `text` encodes, as objects: for readers of a statement's answer other than the client (benchmarks). */
export const parseJsonText = <View>(text: JsonText<View>): View => JSON.parse(text) as View;

/** A page of a listing: its rows and the number of all matching ones. */
export interface Page<Row> {
  count: number;
  countExact: boolean;
  rows: Row[];
}

/** The page of `rows` (JSON text PostgreSQL built) counted as `counted`, as JSON text in the order of the page schemas. */
export function pageJsonText<Row>(counted: { count: number; countExact: boolean }, rows: JsonText<Row[]>): JsonText<Page<Row>> {
  return `{"count":${counted.count},"countExact":${counted.countExact},"rows":${rows}}` as JsonText<Page<Row>>;
}

/** A timestamp as the statements write it: ISO 8601 in UTC with milliseconds, as JSON.stringify(Date) does. */
export type IsoTimestamp = string;

/** The Segment object of `Segment s` with its type `SegmentType st`. */
export const segmentJson = `json_build_object(
  'id', s."id", 'organizationId', s."organizationId", 'name', s."name", 'userSegmentTypeId', s."userSegmentTypeId",
  'createdAt', ${iso('s."createdAt"')}, 'updatedAt', ${iso('s."updatedAt"')},
  'type', json_build_object(
    'id', st."id", 'organizationId', st."organizationId", 'name', st."name",
    'createdAt', ${iso('st."createdAt"')}, 'updatedAt', ${iso('st."updatedAt"')}))`;

/** An ExternalUser object of `ExternalUser u` whose segments are `segments` (SQL, a JSON array), then `personal` properties. */
const userObject = (segments: string, personal: string) => `json_build_object(
  'id', u."id", 'organizationId', u."organizationId", 'externalId', u."externalId",
  'segments', ${segments},
  'createdAt', ${iso('u."createdAt"')}, 'updatedAt', ${iso('u."updatedAt"')}${personal})`;

/** The ExternalUser object of `ExternalUser u` with its segments, ordered by type. */
export const externalUserJson = userObject(`COALESCE((
    SELECT json_agg(${segmentJson} ORDER BY us."userSegmentTypeId")
    FROM "UserSegment" us
    JOIN "Segment" s ON s."id" = us."segmentId"
    JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE us."organizationId" = u."organizationId" AND us."externalUserId" = u."id"), '[]')`,
  `,
  'name', u."name", 'email', u."email", 'username', u."username"`);

/** The ExternalUser object as a public key's caller sees it: ids and times, no segments or personal data. */
export const publicExternalUserJson = userObject(`'[]'::json`, "");
