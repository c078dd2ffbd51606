// The statements of external users and their segments.
import type { ExternalUser } from "../../generated/prisma/client.ts";
import { statement } from "../db/statement.ts";
import type { ExternalUserView, SegmentView } from "./json.ts";
import { externalUserJson, segmentJson } from "../db/json.ts";

/**
 * The ExternalUser object, built by PostgreSQL (JSON, as
 * src/users/json.ts describes it). Read in the transaction that wrote the user, so that a
 * concurrent delete cannot come between the write and its answer.
 */
export const USER = statement<{ organizationId: number; userId: number }, { user: ExternalUserView }>(
  "user",
  `SELECT ${externalUserJson} AS "user" FROM "ExternalUser" u WHERE u."organizationId" = :organizationId AND u."id" = :userId`,
);

/** An upsert's update of the user it meets on the unique key: given fields overwrite, absent (null) ones keep their stored value. */
export const UPDATE_USER_ON_CONFLICT = `ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "ExternalUser"."name"),
      "email" = COALESCE(EXCLUDED."email", "ExternalUser"."email"),
      "username" = COALESCE(EXCLUDED."username", "ExternalUser"."username"),
      "updatedAt" = now()`;

/**
 * Creates or updates the user in one statement, so that concurrent calls for the same externalId
 * meet on the unique key instead of racing a lookup. Given fields overwrite, absent (null) ones
 * keep their stored value.
 */
export const UPSERT_USER = statement<{ organizationId: number; externalId: string; name: string | null; email: string | null; username: string | null }, { id: ExternalUser["id"]; created: boolean }>(
  "upsert_user",
  `
    INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
    VALUES (:organizationId, :externalId, :name, :email, :username)
    ${UPDATE_USER_ON_CONFLICT}
    RETURNING "id", (xmax = 0) AS "created"`,
);

/**
 * The CTE `named_user` (an ExternalUser row): the user whose externalId is `externalId` (SQL, text), created with nothing
 * else when new, left as stored otherwise. Empty when a concurrent transaction created the user after the statement's
 * snapshot: the next statement sees it. (A row this statement creates is read from
 * the CTE: the statement's own reads of "ExternalUser" do not see it.)
 */
export const namedUser = (externalId: string) => `user_inserted AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId")
      VALUES (:organizationId::int, ${externalId})
      ON CONFLICT ("organizationId", "externalId") DO NOTHING
      RETURNING *
    ), named_user AS (
      SELECT * FROM user_inserted
      UNION ALL
      SELECT * FROM "ExternalUser" WHERE "organizationId" = :organizationId::int AND "externalId" = ${externalId}
      LIMIT 1
    )`;

/** The user with this externalId (namedUser): no row when a concurrent transaction created it after this statement's snapshot. */
export const USER_BY_EXTERNAL_ID = statement<{ organizationId: number; externalId: string }, { id: ExternalUser["id"] }>(
  "user_by_external_id",
  `WITH ${namedUser(":externalId::text")} SELECT "id" FROM named_user`,
);

/**
 * The CTEs that set user `userId`'s segment of each named type (`typeNames`, `segmentNames`, sorted by type so that
 * concurrent calls take row locks in the same order), creating types and segments on first use; with
 * SEGMENTS_CREATED and SEGMENTS_HELD, part of ASSIGN_SEGMENTS and of Create Thread's INGEST_DETAILS.
 */
export const SEGMENT_ASSIGNMENT = `wanted AS (
      SELECT * FROM unnest(:typeNames::text[], :segmentNames::text[]) AS w(type_name, segment_name)
    ), types AS (
      INSERT INTO "SegmentType" ("organizationId", "name")
      SELECT :organizationId, type_name FROM wanted
      ON CONFLICT ("organizationId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "name", (xmax = 0) AS "created"
    ), segments AS (
      INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
      SELECT :organizationId, types."id", wanted.segment_name FROM wanted JOIN types ON types."name" = wanted.type_name
      ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "userSegmentTypeId", (xmax = 0) AS "created"
    ), links AS (
      INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
      SELECT :organizationId, :userId, "userSegmentTypeId", "id" FROM segments
      ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO UPDATE SET "segmentId" = EXCLUDED."segmentId"
    )`;

/** Whether SEGMENT_ASSIGNMENT created a type or a segment (the organization's caps are then counted). */
export const SEGMENTS_CREATED = `(EXISTS (SELECT 1 FROM types WHERE "created") OR EXISTS (SELECT 1 FROM segments WHERE "created"))`;

/**
 * How many segments the user holds once SEGMENT_ASSIGNMENT is done: those of the types it did not
 * name, and one of each it named. The statement cannot see its own writes; it sees every other
 * transaction's, since it runs after the statement that locked the user's row (every writer of a
 * user's segments locks that row first).
 */
export const SEGMENTS_HELD = `((SELECT count(*) FROM "UserSegment" us
      WHERE us."organizationId" = :organizationId AND us."externalUserId" = :userId AND us."userSegmentTypeId" NOT IN (SELECT "id" FROM types))
    + (SELECT count(*) FROM types))::int`;

/**
 * SEGMENT_ASSIGNMENT as a statement of its own, run after the one that upserted (and so locked) the
 * user: whether it created any type or segment, and how many segments the user then holds.
 */
export const ASSIGN_SEGMENTS = statement<{ organizationId: number; userId: number; typeNames: string[]; segmentNames: string[] }, { created: boolean; held: number }>(
  "assign_segments",
  `
    WITH ${SEGMENT_ASSIGNMENT}
    SELECT ${SEGMENTS_CREATED} AS "created", ${SEGMENTS_HELD} AS "held"`,
);

/**
 * Locks the user's row first, as Create Thread and the user upsert do (they write the user, then its segments): a deletion
 * that locked the segments first would wait for the user's row while holding what they wait for (a deadlock).
 */
export const LOCK_USER_BY_EXTERNAL_ID = statement<{ organizationId: number; externalId: string }, { id: ExternalUser["id"] }>(
  "lock_user_by_external_id",
  `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = :organizationId AND "externalId" = :externalId FOR UPDATE`,
);

/**
 * Locks the segments the user holds, in id order, so that a
 * concurrent call giving one of them to another user either commits first (and the deletion, in a
 * later statement, sees it held) or waits for the deletion and creates it anew.
 */
export const LOCK_USER_SEGMENTS = statement<{ organizationId: number; externalId: string }, { id: number }>("lock_user_segments", `
    SELECT s."id" FROM "Segment" s
    WHERE s."organizationId" = :organizationId AND s."id" IN (
      SELECT us."segmentId" FROM "UserSegment" us JOIN "ExternalUser" u ON u."id" = us."externalUserId"
      WHERE us."organizationId" = :organizationId AND u."organizationId" = :organizationId AND u."externalId" = :externalId)
    ORDER BY s."id"
    FOR UPDATE OF s`);

/**
 * Deletes the user; foreign keys cascade to their threads, messages,
 * feedback (given and received) and segment links. No row when there is no such user.
 */
export const DELETE_USER = statement<{ organizationId: number; externalId: string }, { id: ExternalUser["id"] }>(
  "delete_user",
  `DELETE FROM "ExternalUser" WHERE "organizationId" = :organizationId AND "externalId" = :externalId RETURNING "id"`,
);

/** Deletes those that no user holds. */
export const DELETE_UNHELD_SEGMENTS = statement<{ organizationId: number; segmentIds: number[] }, never>("delete_unheld_segments", `
    DELETE FROM "Segment" s
    WHERE s."organizationId" = :organizationId AND s."id" = ANY(:segmentIds::int[])
      AND NOT EXISTS (SELECT 1 FROM "UserSegment" us WHERE us."organizationId" = :organizationId AND us."segmentId" = s."id")`);

/**
 * The organization's segments with their types, by type name then segment name, compared byte by
 * byte (COLLATE "C") so that the order is the same on every database whatever its locale.
 */
export const LIST_SEGMENTS = statement<{ organizationId: number }, { segment: SegmentView }>(
  "segment_list",
  `
    SELECT ${segmentJson} AS "segment"
    FROM "Segment" s
    JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE s."organizationId" = :organizationId
    ORDER BY st."name" COLLATE "C", s."name" COLLATE "C"`,
);
