/**
 * The baseline's statements, written once against the schema of prisma/schema.prisma and sent as
 * named prepared statements: PostgreSQL parses and plans each once per connection. They do what
 * the service's queries do for the benchmark's requests, with the JSON built by PostgreSQL in the
 * key order the service's answers have (the order of openapi.yaml's schemas).
 */
import type { QueryConfig } from "pg";

type Statement = Pick<QueryConfig, "name" | "text">;

/** A stored timestamp (UTC, no zone) as JSON.stringify(Date) writes it. */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The ExternalUser object of `ExternalUser u`, its segments by type; $1 is the organization. */
const userJson = `json_build_object(
  'id', u."id", 'organizationId', u."organizationId", 'externalId', u."externalId",
  'segments', COALESCE((
    SELECT json_agg(json_build_object(
      'id', s."id", 'organizationId', s."organizationId", 'name', s."name", 'userSegmentTypeId', s."userSegmentTypeId",
      'createdAt', ${iso('s."createdAt"')}, 'updatedAt', ${iso('s."updatedAt"')},
      'type', json_build_object('id', st."id", 'organizationId', st."organizationId", 'name', st."name",
        'createdAt', ${iso('st."createdAt"')}, 'updatedAt', ${iso('st."updatedAt"')})) ORDER BY us."userSegmentTypeId")
    FROM "UserSegment" us
    JOIN "Segment" s ON s."id" = us."segmentId"
    JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE us."organizationId" = $1 AND us."externalUserId" = u."id"), '[]'),
  'createdAt', ${iso('u."createdAt"')}, 'updatedAt', ${iso('u."updatedAt"')},
  'name', u."name", 'email', u."email", 'username', u."username")`;

/** The Thread object of `Thread t` (project `p`, user `u`): its latest 100 messages and their count. */
const threadJson = `json_build_object(
  'id', t."id", 'organizationId', t."organizationId",
  'project', json_build_object('id', p."id", 'name', p."name"),
  'messages', COALESCE((
    SELECT json_agg(latest."message" ORDER BY latest."id")
    FROM (
      SELECT m."id", json_build_object('id', m."id", 'role', m."role",
        'metadata', CASE WHEN m."metadata" <> '{}'::jsonb AND json_longer_than(m."metadata", 2000) THEN NULL ELSE m."metadata" END, 'externalId', m."externalId",
        'type', m."type", 'content', left(m."content", 2000),
        'contentTruncated', (length(left(m."content", 2001)) > 2000 OR COALESCE(json_longer_than(m."jsonContent", 2000), false) OR (m."metadata" <> '{}'::jsonb AND json_longer_than(m."metadata", 2000))),
        'jsonContent', CASE WHEN json_longer_than(m."jsonContent", 2000) THEN NULL ELSE m."jsonContent" END,
        'createdAt', ${iso('m."createdAt"')}) AS "message"
      FROM "Message" m
      WHERE m."organizationId" = $1 AND m."threadId" = t."id"
      ORDER BY m."id" DESC
      LIMIT 100) latest), '[]'),
  'messageCount', (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = $1 AND m."threadId" = t."id"),
  'metadata', t."metadata", 'createdAt', ${iso('t."createdAt"')}, 'updatedAt', ${iso('t."updatedAt"')},
  'externalId', t."externalId",
  'externalUser', ${userJson},
  'intents', COALESCE((
    SELECT json_agg(json_build_object('id', i."id", 'name', i."name") ORDER BY ti."intentId")
    FROM "ThreadIntent" ti JOIN "Intent" i ON i."id" = ti."intentId"
    WHERE ti."organizationId" = $1 AND ti."threadId" = t."id"), '[]'))`;

export const KEY: Statement = {
  name: "key",
  text: `SELECT "organizationId", "kind", "revokedAt" IS NOT NULL AS "revoked" FROM "ApiKey" WHERE "hash" = $1`,
};

/** $1 organization, $2 userExternalId. */
export const MEMORY: Statement = {
  name: "memory",
  text: `
    SELECT t."id" AS "threadId", t."externalId" AS "threadExternalId", t."summary", ${iso('t."createdAt"')} AS "createdAt"
    FROM "ExternalUser" u
    CROSS JOIN LATERAL (
      SELECT "id", "externalId", "summary", "createdAt" FROM "Thread"
      WHERE "organizationId" = u."organizationId" AND "externalUserId" = u."id" AND "summary" <> ''
      ORDER BY "createdAt" DESC, "id" DESC LIMIT 1) t
    WHERE u."organizationId" = $1 AND u."externalId" = $2`,
};

/** One page of threads and the count of all matching ones, in one statement; $2 page size, $3 offset. */
function listing(name: string, where: string): Statement {
  return {
    name,
    text: `
      SELECT (SELECT count(*)::int FROM "Thread" t WHERE ${where}) AS "count",
        COALESCE((
          SELECT json_agg(${threadJson} ORDER BY t."createdAt" DESC, t."id" DESC)
          FROM (SELECT * FROM "Thread" t WHERE ${where} ORDER BY t."createdAt" DESC, t."id" DESC LIMIT $2 OFFSET $3) t
          JOIN "Project" p ON p."id" = t."projectId"
          JOIN "ExternalUser" u ON u."id" = t."externalUserId"), '[]') AS "rows"`,
  };
}

export const THREADS: Statement = listing("threads", `t."organizationId" = $1`);

/** $4: the users' external ids. */
export const THREADS_BY_USER: Statement = listing(
  "threads_by_user",
  `t."organizationId" = $1 AND t."externalUserId" IN (
     SELECT u."id" FROM "ExternalUser" u WHERE u."organizationId" = $1 AND u."externalId" = ANY($4::text[]))`,
);

/**
 * Create Thread's writes in one statement: the project (given or the first), the user upserted,
 * the thread created or its metadata merged, the messages appended in order (one whose externalId
 * the thread has is skipped). Returns what the summary needs: the last message id before and
 * after, and the message the stored summary covers. No row: no such project.
 * $1 organization, $2 projectId, $3-$6 the user, $7 externalId, $8 metadata, $9 the messages (JSON),
 * $10 and $11 the user's segment types and segments (sorted by type), set as PUT users sets them.
 */
export const INGEST: Statement = {
  name: "ingest",
  text: `
    WITH project AS (
      SELECT "id" FROM "Project" WHERE "organizationId" = $1 AND ($2::int IS NULL OR "id" = $2) ORDER BY "id" LIMIT 1
    ), usr AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
      SELECT $1, $3::text, $4::text, $5::text, $6::text FROM project
      ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
        "name" = COALESCE(EXCLUDED."name", "ExternalUser"."name"),
        "email" = COALESCE(EXCLUDED."email", "ExternalUser"."email"),
        "username" = COALESCE(EXCLUDED."username", "ExternalUser"."username"),
        "updatedAt" = now()
      RETURNING "id"
    ), types AS (
      INSERT INTO "SegmentType" ("organizationId", "name")
      SELECT $1, type_name FROM unnest($10::text[]) AS type_name
      ON CONFLICT ("organizationId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "name"
    ), segments AS (
      INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
      SELECT $1, types."id", w.segment_name FROM unnest($10::text[], $11::text[]) AS w(type_name, segment_name) JOIN types ON types."name" = w.type_name
      ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "userSegmentTypeId"
    ), user_segments AS (
      INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
      SELECT $1, usr."id", segments."userSegmentTypeId", segments."id" FROM usr, segments
      ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO UPDATE SET "segmentId" = EXCLUDED."segmentId"
    ), thread AS (
      INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "metadata")
      SELECT $1, project."id", usr."id", $7::text, $8::jsonb FROM project, usr
      ON CONFLICT ("organizationId", "projectId", "externalId") DO UPDATE SET
        "metadata" = "Thread"."metadata" || EXCLUDED."metadata", "updatedAt" = now()
      RETURNING "id", (xmax = 0) AS "created", "summaryMessageId", json_longer_than("metadata", 100000) AS "metadataTooLong"
    ), added AS (
      INSERT INTO "Message" ("organizationId", "threadId", "role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt")
      SELECT $1, thread."id", m."role", m."content", COALESCE(m."type", 'markdown'), m."externalId", COALESCE(m."metadata", '{}'),
             m."jsonContent", COALESCE(m."createdAt", now()) AT TIME ZONE 'UTC'
      FROM thread, ROWS FROM (jsonb_to_recordset($9::jsonb)
        AS ("role" text, "content" text, "type" text, "externalId" text, "metadata" jsonb, "jsonContent" jsonb, "createdAt" timestamptz))
        WITH ORDINALITY AS m("role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", n)
      ORDER BY m.n
      ON CONFLICT DO NOTHING
      RETURNING "id"
    )
    SELECT thread."id", thread."created", thread."summaryMessageId", thread."metadataTooLong",
           GREATEST((SELECT max("id") FROM added),
                    (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = $1 AND m."threadId" = thread."id")) AS "lastMessageId"
    FROM thread`,
};

/** The summarizer's window up to message $3 of thread $2: the first $4 and the last $5 + 1 user and assistant messages, cut to $6 characters. */
export const CONVERSATION: Statement = {
  name: "conversation",
  text: `
    (SELECT "id", "role", left("content", $6) AS "content", true AS "opening" FROM "Message"
     WHERE "organizationId" = $1 AND "threadId" = $2 AND "id" <= $3 AND "role" IN ('user', 'assistant')
     ORDER BY "id" ASC LIMIT $4)
    UNION ALL
    (SELECT "id", "role", left("content", $6) AS "content", false AS "opening" FROM "Message"
     WHERE "organizationId" = $1 AND "threadId" = $2 AND "id" <= $3 AND "role" IN ('user', 'assistant')
     ORDER BY "id" DESC LIMIT $5 + 1)`,
};

/** The summary written ($3, covering message $4; null $4 writes none), then the thread's Thread object. */
export const SUMMARIZED_THREAD: Statement = {
  name: "summarized_thread",
  text: `
    WITH summary AS (
      UPDATE "Thread" SET "summary" = $3, "summaryMessageId" = $4, "summaryUpdatedAt" = now()
      WHERE "organizationId" = $1 AND "id" = $2 AND $4::int IS NOT NULL
    )
    SELECT ${threadJson} AS "thread"
    FROM "Thread" t
    JOIN "Project" p ON p."id" = t."projectId"
    JOIN "ExternalUser" u ON u."id" = t."externalUserId"
    WHERE t."organizationId" = $1 AND t."id" = $2`,
};

/**
 * Feedback's target: the thread by externalId ($2, narrowed by projectId $3), its named ($4) or
 * last message, and the option id of each attribute named ($5 names, $6 options) in its project
 * (null: no such option; absent: no such attribute). At most two threads.
 */
export const FEEDBACK_TARGET: Statement = {
  name: "feedback_target",
  text: `
    SELECT t."id" AS "threadId", t."projectId", t."externalUserId" AS "threadUserId", m."id" AS "messageId", m."externalId" AS "messageExternalId",
           (SELECT COALESCE(json_object_agg(a."name", o."id"), '{}')
            FROM unnest($5::text[], $6::text[]) AS w("attribute", "option")
            JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = t."projectId" AND a."name" = w."attribute"
            LEFT JOIN "AttributeOption" o ON o."organizationId" = $1 AND o."attributeId" = a."id" AND o."name" = w."option") AS "options"
    FROM "Thread" t
    LEFT JOIN LATERAL (
      SELECT m."id", m."externalId" FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND ($4::text IS NULL OR m."externalId" = $4)
      ORDER BY m."id" DESC LIMIT 1) m ON true
    WHERE t."organizationId" = $1 AND t."externalId" = $2 AND ($3::int IS NULL OR t."projectId" = $3)
    LIMIT 2`,
};

/** $1 organization: its feedback-token signing secret. */
export const TOKEN_SECRET: Statement = {
  name: "token_secret",
  text: `SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret" WHERE "organizationId" = $1`,
};

/** A public key's giver: created with the fields given when new, else found as stored. $1 organization, $2-$5 the user. */
export const NEW_GIVER: Statement = {
  name: "new_giver",
  text: `
    WITH inserted AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username") VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT ("organizationId", "externalId") DO NOTHING
      RETURNING "id")
    SELECT "id" FROM inserted
    UNION ALL
    SELECT "id" FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2
    LIMIT 1`,
};

/** A private key's giver: upserted, given fields overwriting. */
export const GIVER: Statement = {
  name: "giver",
  text: `
    INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username") VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "ExternalUser"."name"),
      "email" = COALESCE(EXCLUDED."email", "ExternalUser"."email"),
      "username" = COALESCE(EXCLUDED."username", "ExternalUser"."username"),
      "updatedAt" = now()
    RETURNING "id"`,
};

/**
 * The vote: the feedback upserted on (message, giver), its options made exactly $9, and its
 * Feedback object built from what was written. $1 organization, $2 message, $3 thread, $4 project,
 * $5 giver, $6 type, $7 text, $8 option ids, $9 the answer to a public key (no personal data),
 * $10 whether an existing vote is replaced (not by a public key: no row then, the 409).
 */
export const FEEDBACK: Statement = {
  name: "feedback",
  text: `
    WITH f AS (
      INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT ("organizationId", "messageId", "externalUserId") DO UPDATE SET
        "feedbackType" = EXCLUDED."feedbackType", "feedbackText" = EXCLUDED."feedbackText", "updatedAt" = now()
        WHERE $10::boolean
      RETURNING *, (xmax = 0) AS "created"
    ), removed AS (
      DELETE FROM "FeedbackOption" fo USING f
      WHERE NOT f."created" AND fo."organizationId" = $1 AND fo."feedbackId" = f."id" AND NOT (fo."attributeOptionId" = ANY($8::int[]))
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT $1, f."id", option_id FROM f, unnest($8::int[]) AS option_id
      ON CONFLICT DO NOTHING
    )
    SELECT f."created", json_build_object(
      'id', f."id",
      'attributeOptions', COALESCE((
        SELECT json_agg(json_build_object(
          'id', o."id", 'attributeId', o."attributeId", 'name', o."name",
          'attribute', json_build_object(
            'id', a."id", 'organizationId', a."organizationId", 'projectId', a."projectId", 'name', a."name",
            'options', (SELECT json_agg(json_build_object('id', ao."id", 'attributeId', ao."attributeId", 'name', ao."name",
                          'createdAt', ${iso('ao."createdAt"')}, 'updatedAt', ${iso('ao."updatedAt"')}) ORDER BY ao."id")
                        FROM "AttributeOption" ao WHERE ao."organizationId" = $1 AND ao."attributeId" = a."id"),
            'createdAt', ${iso('a."createdAt"')}, 'updatedAt', ${iso('a."updatedAt"')}),
          'createdAt', ${iso('o."createdAt"')}, 'updatedAt', ${iso('o."updatedAt"')}) ORDER BY o."id")
        FROM "AttributeOption" o JOIN "Attribute" a ON a."id" = o."attributeId"
        WHERE o."organizationId" = $1 AND o."id" = ANY($8::int[])), '[]'),
      'createdAt', ${iso('f."createdAt"')}, 'updatedAt', ${iso('f."updatedAt"')},
      'threadId', f."threadId", 'threadExternalId', t."externalId", 'projectId', f."projectId",
      'message', CASE WHEN $9 THEN json_build_object('externalId', m."externalId", 'role', m."role")
                      ELSE json_build_object('externalId', m."externalId", 'role', m."role", 'content', left(m."content", 2000),
                        'contentTruncated', length(left(m."content", 2001)) > 2000) END,
      'feedbackType', f."feedbackType", 'feedbackText', f."feedbackText",
      'externalUser', CASE WHEN $9 THEN json_build_object('id', u."id", 'organizationId', u."organizationId",
                        'externalId', u."externalId", 'segments', '[]'::json,
                        'createdAt', ${iso('u."createdAt"')}, 'updatedAt', ${iso('u."updatedAt"')})
                      ELSE ${userJson} END
    ) AS "feedback"
    FROM f
    JOIN "Message" m ON m."id" = f."messageId"
    JOIN "Thread" t ON t."id" = f."threadId"
    JOIN "ExternalUser" u ON u."id" = f."externalUserId"`,
};
