// The statements of external users and their segments.
import type { ExternalUser } from "../../generated/prisma/client.ts";
import type { Statement } from "../db/driver.ts";
import { externalUserJson } from "../db/json.ts";

/**
 * $1 organization, $2 user id: the ExternalUser object, built by PostgreSQL (JSON, as
 * src/users/json.ts describes it). Read in the transaction that wrote the user, so that a
 * concurrent delete cannot come between the write and its answer.
 */
export const USER: Statement<{ user: unknown }> = {
  name: "user",
  text: `SELECT ${externalUserJson} AS "user" FROM "ExternalUser" u WHERE u."organizationId" = $1 AND u."id" = $2`,
};

/**
 * Creates or updates the user in one statement, so that concurrent calls for the same externalId
 * meet on the unique key instead of racing a lookup. Given fields overwrite, absent (null) ones
 * keep their stored value. $1 organization, $2 externalId, $3 name, $4 email, $5 username.
 */
export const UPSERT_USER: Statement<{ id: ExternalUser["id"]; created: boolean }> = {
  name: "upsert_user",
  text: `
    INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
    VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "ExternalUser"."name"),
      "email" = COALESCE(EXCLUDED."email", "ExternalUser"."email"),
      "username" = COALESCE(EXCLUDED."username", "ExternalUser"."username"),
      "updatedAt" = now()
    RETURNING "id", (xmax = 0) AS "created"`,
};

/**
 * $1 organization, $2 externalId: the user with this externalId, created with nothing else when new,
 * left as stored otherwise. No row when a concurrent transaction created it after this statement's
 * snapshot: the next statement sees it.
 */
export const USER_BY_EXTERNAL_ID: Statement<{ id: ExternalUser["id"]; created: boolean }> = {
  name: "user_by_external_id",
  text: `
    WITH inserted AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId")
      VALUES ($1, $2)
      ON CONFLICT ("organizationId", "externalId") DO NOTHING
      RETURNING "id")
    SELECT "id", true AS "created" FROM inserted
    UNION ALL
    SELECT "id", false AS "created" FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2
    LIMIT 1`,
};

/**
 * Sets user $2's segment of each named type ($3 type names, $4 segment names, sorted by type so
 * that concurrent calls take row locks in the same order), creating types and segments on first use;
 * `created`: whether it created any (the organization's caps are then counted).
 */
export const ASSIGN_SEGMENTS: Statement<{ created: boolean }> = {
  name: "assign_segments",
  text: `
    WITH wanted AS (
      SELECT * FROM unnest($3::text[], $4::text[]) AS w(type_name, segment_name)
    ), types AS (
      INSERT INTO "SegmentType" ("organizationId", "name")
      SELECT $1, type_name FROM wanted
      ON CONFLICT ("organizationId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "name", (xmax = 0) AS "created"
    ), segments AS (
      INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
      SELECT $1, types."id", wanted.segment_name FROM wanted JOIN types ON types."name" = wanted.type_name
      ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "userSegmentTypeId", (xmax = 0) AS "created"
    ), links AS (
      INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
      SELECT $1, $2, "userSegmentTypeId", "id" FROM segments
      ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO UPDATE SET "segmentId" = EXCLUDED."segmentId"
    )
    SELECT EXISTS (SELECT 1 FROM types WHERE "created") OR EXISTS (SELECT 1 FROM segments WHERE "created") AS "created"`,
};

/** $1 organization, $2 user: how many segments the user holds. */
export const USER_SEGMENT_COUNT: Statement<{ count: number }> = {
  name: "user_segment_count",
  text: `SELECT count(*)::int AS "count" FROM "UserSegment" WHERE "organizationId" = $1 AND "externalUserId" = $2`,
};

/**
 * $1 organization, $2 externalId: locks the segments the user holds, in id order, so that a
 * concurrent call giving one of them to another user either commits first (and the deletion, in a
 * later statement, sees it held) or waits for the deletion and creates it anew.
 */
export const LOCK_USER_SEGMENTS: Statement<{ id: number }> = {
  name: "lock_user_segments",
  text: `
    SELECT s."id" FROM "Segment" s
    WHERE s."organizationId" = $1 AND s."id" IN (
      SELECT us."segmentId" FROM "UserSegment" us JOIN "ExternalUser" u ON u."id" = us."externalUserId"
      WHERE us."organizationId" = $1 AND u."organizationId" = $1 AND u."externalId" = $2)
    ORDER BY s."id"
    FOR UPDATE OF s`,
};

/**
 * $1 organization, $2 externalId: deletes the user; foreign keys cascade to their threads, messages,
 * feedback (given and received) and segment links. No row when there is no such user.
 */
export const DELETE_USER: Statement<{ id: ExternalUser["id"] }> = {
  name: "delete_user",
  text: `DELETE FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2 RETURNING "id"`,
};

/** $1 organization, $2 segment ids: deletes those that no user holds. */
export const DELETE_UNHELD_SEGMENTS: Statement<never> = {
  name: "delete_unheld_segments",
  text: `
    DELETE FROM "Segment" s
    WHERE s."organizationId" = $1 AND s."id" = ANY($2::int[])
      AND NOT EXISTS (SELECT 1 FROM "UserSegment" us WHERE us."organizationId" = $1 AND us."segmentId" = s."id")`,
};
