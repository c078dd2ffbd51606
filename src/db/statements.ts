// Every statement the hot paths run on the driver (./driver.ts), with the types of their rows
// derived from the models of prisma/schema.prisma. The JSON objects of the API are built by
// PostgreSQL, in the order of the properties of their openapi.yaml schemas (the order the
// answers had when Fastify serialized them), from fragments that take the organization from the
// row they are built for, so that the same text serves every statement that embeds them.
import type { AttributeOption, ExternalUser, Feedback, Message, Project, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "./driver.ts";
import { containsPattern, isoTimestampText as iso } from "./sql.ts";

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
const publicExternalUserJson = userObject(`'[]'::json`, "");

/** The Message object of `Message m`. */
export const messageJson = `json_build_object(
  'id', m."id", 'role', m."role", 'metadata', m."metadata", 'externalId', m."externalId", 'type', m."type",
  'content', m."content", 'jsonContent', m."jsonContent", 'createdAt', ${iso('m."createdAt"')})`;

/** A Thread object carries at most this many of its messages, the latest (decisions.md, "Bounded answers"). */
export const THREAD_MESSAGE_LIMIT = 100;

/**
 * The Thread object of `Thread t` (its project `p`, its user `u`) with its latest messages in
 * arrival order and their count; every subquery walks an index leading with the organization.
 */
const threadJson = `json_build_object(
  'id', t."id", 'organizationId', t."organizationId",
  'project', json_build_object('id', p."id", 'name', p."name"),
  'messages', COALESCE((
    SELECT json_agg(latest."message" ORDER BY latest."id")
    FROM (
      SELECT m."id", ${messageJson} AS "message"
      FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
      ORDER BY m."id" DESC
      LIMIT ${THREAD_MESSAGE_LIMIT}) latest), '[]'),
  'messageCount', (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"),
  'metadata', t."metadata", 'createdAt', ${iso('t."createdAt"')}, 'updatedAt', ${iso('t."updatedAt"')},
  'externalId', t."externalId",
  'externalUser', ${externalUserJson},
  'intents', COALESCE((
    SELECT json_agg(json_build_object('id', i."id", 'name', i."name") ORDER BY ti."intentId")
    FROM "ThreadIntent" ti JOIN "Intent" i ON i."id" = ti."intentId"
    WHERE ti."organizationId" = t."organizationId" AND ti."threadId" = t."id"), '[]'))`;

/** The joins `threadJson` needs, after `FROM … t`. */
const threadJoins = `JOIN "Project" p ON p."id" = t."projectId" JOIN "ExternalUser" u ON u."id" = t."externalUserId"`;

/**
 * $1 organization, $2 thread id: the Thread object, built by PostgreSQL (JSON, as the view types of
 * src/threads/ describe it); no row when the organization has no such thread.
 */
export const THREAD: Statement<{ thread: unknown }> = {
  name: "thread",
  text: `SELECT ${threadJson} AS "thread" FROM "Thread" t ${threadJoins} WHERE t."organizationId" = $1 AND t."id" = $2`,
};

/** The memory lookup's answer (section 2.1 of the specification). */
export interface MemoryRow {
  userExternalId: ExternalUser["externalId"];
  threadId: Thread["id"];
  threadExternalId: Thread["externalId"];
  summary: Thread["summary"];
  createdAt: IsoTimestamp;
}

/**
 * $1 organization, $2 the user's externalId: the user by its unique key, then the first entry of
 * the partial index Thread_memory_idx, which holds only threads with a non-empty summary, already
 * in the order wanted (latest createdAt, then highest id). No thread of the user is scanned beyond that one.
 */
export const MEMORY: Statement<MemoryRow> = {
  name: "memory",
  text: `
    SELECT u."externalId" AS "userExternalId", t."id" AS "threadId", t."externalId" AS "threadExternalId",
           t."summary", ${iso('t."createdAt"')} AS "createdAt"
    FROM "ExternalUser" u
    CROSS JOIN LATERAL (
      SELECT "id", "externalId", "summary", "createdAt"
      FROM "Thread"
      WHERE "organizationId" = u."organizationId" AND "externalUserId" = u."id" AND "summary" <> ''
      ORDER BY "createdAt" DESC, "id" DESC
      LIMIT 1
    ) t
    WHERE u."organizationId" = $1 AND u."externalId" = $2`,
};

/** Filters of the thread listing, each a condition on `Thread t` with its values from $2 on ($1 is the organization). */
export interface ThreadFilters {
  ids?: number[];
  externalUserIds?: string[];
  intentIds?: number[];
  userSegmentIds?: number[];
  search?: string;
  userSearch?: string;
  projectId?: number;
  /** ISO 8601 date-times; both bounds are exclusive. */
  before?: string;
  after?: string;
}

type Condition = (value: (parameter: unknown) => string) => string;

/**
 * Every condition is scoped to the organization, subqueries included, so that each one can use
 * an index leading with organizationId. Sets of threads or users are written as `IN (subquery)`
 * so that the planner can start from the smaller side; the search terms go to the trigram
 * indexes through ILIKE. Listed in a fixed order: a set of filters always makes the same text.
 */
const THREAD_CONDITIONS: { [Name in keyof Required<ThreadFilters>]: (given: Required<ThreadFilters>[Name]) => Condition } = {
  ids: (ids) => (value) => `t."id" = ANY(${value(ids)}::int[])`,
  projectId: (projectId) => (value) => `t."projectId" = ${value(projectId)}::int`,
  after: (after) => (value) => `t."createdAt" > (${value(after)}::timestamptz AT TIME ZONE 'UTC')`,
  before: (before) => (value) => `t."createdAt" < (${value(before)}::timestamptz AT TIME ZONE 'UTC')`,
  externalUserIds: (externalIds) => (value) => `t."externalUserId" IN (
    SELECT u."id" FROM "ExternalUser" u WHERE u."organizationId" = $1 AND u."externalId" = ANY(${value(externalIds)}::text[]))`,
  userSegmentIds: (segmentIds) => (value) => `t."externalUserId" IN (
    SELECT us."externalUserId" FROM "UserSegment" us
    WHERE us."organizationId" = $1 AND us."segmentId" = ANY(${value(segmentIds)}::int[]))`,
  intentIds: (intentIds) => (value) => `t."id" IN (
    SELECT ti."threadId" FROM "ThreadIntent" ti WHERE ti."organizationId" = $1 AND ti."intentId" = ANY(${value(intentIds)}::int[]))`,
  userSearch: (term) => (value) => {
    const pattern = value(containsPattern(term));
    return `t."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = $1
        AND (u."externalId" ILIKE ${pattern} OR u."name" ILIKE ${pattern} OR u."email" ILIKE ${pattern} OR u."username" ILIKE ${pattern}))`;
  },
  // A UNION rather than an OR: each side is one trigram index scan, and the planner can then
  // join the few matching threads instead of testing every thread of the organization.
  search: (term) => (value) => {
    const pattern = value(containsPattern(term));
    return `t."id" IN (
      SELECT s."id" FROM "Thread" s WHERE s."organizationId" = $1 AND s."externalId" ILIKE ${pattern}
      UNION
      SELECT m."threadId" FROM "Message" m WHERE m."organizationId" = $1 AND m."content" ILIKE ${pattern})`;
  },
};

/** `ThreadFilters` without empty lists: what decides the statement. */
function givenFilters(filters: ThreadFilters): [keyof ThreadFilters, unknown][] {
  return (Object.keys(THREAD_CONDITIONS) as (keyof ThreadFilters)[]).flatMap((name) => {
    const given = filters[name];
    return given === undefined || (Array.isArray(given) && given.length === 0) ? [] : [[name, given]];
  });
}

export interface ThreadListing {
  /** The count of all matching threads and the page's Thread objects, as one JSON array. */
  statement: Statement<{ count: number; rows: unknown }>;
  /** $1 organization, then the filters' values, then page size and offset. */
  values: unknown[];
}

/**
 * The thread listing as one statement: the count of all threads these filters match and the
 * page's Thread objects, newest first (createdAt, then id, descending). One statement rather than
 * the count on a connection of its own: under load a second round trip and connection cost more
 * than running the two one after the other saves. Each set of filters has its own name, so that
 * each is prepared with a plan for its own shape; the search terms' statements are left unnamed,
 * since a plan made for one term can be far off for another.
 */
export function threadListing(organizationId: number, filters: ThreadFilters, page: { pageSize: number; pageIndex: number }): ThreadListing {
  const values: unknown[] = [organizationId];
  const value = (parameter: unknown) => `$${values.push(parameter)}`;
  const given = givenFilters(filters);
  const where = [`t."organizationId" = $1`, ...given.map(([name, filter]) => THREAD_CONDITIONS[name](filter as never)(value))].join(" AND ");
  const shape = given.map(([name]) => name).join(",");
  const named = !given.some(([name]) => name === "search" || name === "userSearch");
  const limit = value(page.pageSize);
  const offset = value(page.pageSize * page.pageIndex);
  return {
    statement: {
      name: named ? `threads:${shape}` : "",
      text: `
        SELECT (SELECT count(*)::int FROM "Thread" t WHERE ${where}) AS "count",
          COALESCE((
            SELECT json_agg(${threadJson} ORDER BY t."createdAt" DESC, t."id" DESC)
            FROM (
              SELECT t.* FROM "Thread" t WHERE ${where}
              ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${limit} OFFSET ${offset}) t
            ${threadJoins}), '[]') AS "rows"`,
    },
    values,
  };
}

/** The AttributeOption object of `AttributeOption o`: its full attribute `Attribute a`, with all its options. */
const attributeOptionJson = (() => {
  const summary = (alias: string) =>
    `'id', ${alias}."id", 'attributeId', ${alias}."attributeId", 'name', ${alias}."name",
     'createdAt', ${iso(`${alias}."createdAt"`)}, 'updatedAt', ${iso(`${alias}."updatedAt"`)}`;
  return `json_build_object(${summary("o")},
    'attribute', json_build_object(
      'id', a."id", 'organizationId', a."organizationId", 'projectId', a."projectId", 'name', a."name",
      'createdAt', ${iso('a."createdAt"')}, 'updatedAt', ${iso('a."updatedAt"')},
      'options', (SELECT json_agg(json_build_object(${summary("ao")}) ORDER BY ao."id")
        FROM "AttributeOption" ao WHERE ao."organizationId" = a."organizationId" AND ao."attributeId" = a."id")))`;
})();

/** Which message `Message m` is, as a Feedback object names it. */
const messageIdentity = `'externalId', m."externalId", 'role', m."role"`;

/**
 * The Feedback object of `Feedback f` (its message `m`, thread `t`, giver `u`), its options those
 * whose ids `optionIds` selects (a query on `f`); subqueries scoped to the feedback's organization.
 * Where `publicKey` (SQL, boolean) holds, what a public key's caller may see: of the giver, ids and
 * times (no name, email, username or segments); of the message, which one it is, not what it says.
 */
export const feedbackJson = (optionIds: string, publicKey = "false") => `json_build_object(
  'id', f."id", 'feedbackType', f."feedbackType", 'feedbackText', f."feedbackText",
  'createdAt', ${iso('f."createdAt"')}, 'updatedAt', ${iso('f."updatedAt"')},
  'threadId', f."threadId", 'threadExternalId', t."externalId", 'projectId', f."projectId",
  'message', CASE WHEN ${publicKey} THEN json_build_object(${messageIdentity})
                  ELSE json_build_object(${messageIdentity}, 'content', m."content") END,
  'attributeOptions', COALESCE((
    SELECT json_agg(${attributeOptionJson} ORDER BY o."id")
    FROM "AttributeOption" o
    JOIN "Attribute" a ON a."id" = o."attributeId"
    WHERE o."organizationId" = f."organizationId" AND o."id" IN (${optionIds})), '[]'),
  'externalUser', CASE WHEN ${publicKey} THEN ${publicExternalUserJson} ELSE ${externalUserJson} END)`;

/** The options a stored feedback carries, for `feedbackJson`. */
export const storedFeedbackOptions = `
  SELECT fo."attributeOptionId" FROM "FeedbackOption" fo WHERE fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"`;

/** The joins `feedbackJson` needs, after `FROM … f`. */
export const feedbackJoins = `
  JOIN "Message" m ON m."id" = f."messageId"
  JOIN "Thread" t ON t."id" = f."threadId"
  JOIN "ExternalUser" u ON u."id" = f."externalUserId"`;

export interface FeedbackTargetRow {
  threadId: Thread["id"];
  projectId: Thread["projectId"];
  threadUserId: Thread["externalUserId"];
  messageId: Message["id"] | null;
  /** Attribute name to the id of the option named for it; null: the attribute has no such option; absent: no such attribute. */
  options: Record<string, AttributeOption["id"] | null>;
}

/**
 * What feedback is given on: the thread by externalId ($2, narrowed by projectId $3 when not null), its
 * message named $4 (when not null) or else its last one, and the option of each attribute named
 * ($5 attribute names, $6 option names, in the thread's project). At most two threads: more than one is a conflict.
 */
export const FEEDBACK_TARGET: Statement<FeedbackTargetRow> = {
  name: "feedback_target",
  text: `
    SELECT t."id" AS "threadId", t."projectId", t."externalUserId" AS "threadUserId", m."id" AS "messageId",
           (SELECT COALESCE(json_object_agg(a."name", o."id"), '{}')
            FROM unnest($5::text[], $6::text[]) AS wanted("attribute", "option")
            JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = t."projectId" AND a."name" = wanted."attribute"
            LEFT JOIN "AttributeOption" o
              ON o."organizationId" = $1 AND o."attributeId" = a."id" AND o."name" = wanted."option") AS "options"
    FROM "Thread" t
    LEFT JOIN LATERAL (
      SELECT m."id" FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND ($4::text IS NULL OR m."externalId" = $4)
      ORDER BY m."id" DESC
      LIMIT 1
    ) m ON true
    WHERE t."organizationId" = $1 AND t."externalId" = $2 AND ($3::int IS NULL OR t."projectId" = $3)
    LIMIT 2`,
};

export interface VoteRow {
  id: Feedback["id"];
  created: boolean;
  /** The Feedback object (JSON) of a new vote; null when the vote replaced an earlier one (FEEDBACK_OPTIONS answers then). */
  feedback: unknown;
}

/**
 * The vote, one per message per giver: the first inserts it, a later one replaces its type and
 * text, on the unique key, so that concurrent identical votes create it once. A new vote gets its
 * options ($8) and its Feedback object in this same statement: no other transaction can have
 * given options to a row this one has just inserted, and the answer reads nothing this statement
 * wrote but the row it returns (so no plan scans "Feedback" or "FeedbackOption"). A replaced vote
 * answers `feedback: null`, for FEEDBACK_OPTIONS to set its options.
 * $1 organization, $2 message, $3 thread, $4 project, $5 giver, $6 type, $7 text, $8 option ids, $9 whether a public key asks.
 */
export const VOTE: Statement<VoteRow> = {
  name: "vote",
  text: `
    WITH f AS (
      INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT ("organizationId", "messageId", "externalUserId") DO UPDATE SET
        "feedbackType" = EXCLUDED."feedbackType", "feedbackText" = EXCLUDED."feedbackText", "updatedAt" = now()
      RETURNING *, (xmax = 0) AS "created"
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT $1, f."id", option_id FROM f, unnest($8::int[]) AS option_id
      WHERE f."created"
    )
    SELECT f."id", f."created", CASE WHEN f."created" THEN ${feedbackJson("SELECT unnest($8::int[])", "$9::boolean")} END AS "feedback"
    FROM f ${feedbackJoins}`,
};

/**
 * Makes the options of replaced vote $2 exactly $3 and answers with its Feedback object ($4: as a
 * public key sees it). A statement of its own after VOTE: holding the feedback row's lock since,
 * its snapshot sees every option a concurrent vote on the same feedback wrote. (Its own
 * subqueries do not see what its CTEs write: the answer's options are those it sets.)
 */
export const FEEDBACK_OPTIONS: Statement<{ feedback: unknown }> = {
  name: "feedback_options",
  text: `
    WITH removed AS (
      DELETE FROM "FeedbackOption"
      WHERE "organizationId" = $1 AND "feedbackId" = $2 AND NOT ("attributeOptionId" = ANY($3::int[]))
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT $1, $2, option_id FROM unnest($3::int[]) AS option_id
      ON CONFLICT DO NOTHING
    )
    SELECT ${feedbackJson("SELECT unnest($3::int[])", "$4::boolean")} AS "feedback"
    FROM "Feedback" f ${feedbackJoins}
    WHERE f."organizationId" = $1 AND f."id" = $2`,
};

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
 * The user with this externalId, created with the fields given when new, left as stored otherwise.
 * No row when a concurrent transaction created it after this statement's snapshot: the next
 * statement sees it. Values as UPSERT_USER's.
 */
export const NEW_USER: Statement<{ id: ExternalUser["id"]; created: boolean }> = {
  name: "new_user",
  text: `
    WITH inserted AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
      VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT ("organizationId", "externalId") DO NOTHING
      RETURNING "id")
    SELECT "id", true AS "created" FROM inserted
    UNION ALL
    SELECT "id", false AS "created" FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2
    LIMIT 1`,
};

/**
 * Sets user $2's segment of each named type ($3 type names, $4 segment names, sorted by type so
 * that concurrent calls take row locks in the same order), creating types and segments on first use.
 */
export const ASSIGN_SEGMENTS: Statement<never> = {
  name: "assign_segments",
  text: `
    WITH wanted AS (
      SELECT * FROM unnest($3::text[], $4::text[]) AS w(type_name, segment_name)
    ), types AS (
      INSERT INTO "SegmentType" ("organizationId", "name")
      SELECT $1, type_name FROM wanted
      ON CONFLICT ("organizationId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "name"
    ), segments AS (
      INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
      SELECT $1, types."id", wanted.segment_name FROM wanted JOIN types ON types."name" = wanted.type_name
      ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "userSegmentTypeId"
    )
    INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
    SELECT $1, $2, "userSegmentTypeId", "id" FROM segments
    ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO UPDATE SET "segmentId" = EXCLUDED."segmentId"`,
};

/** $1 organization, $2 user: how many segments the user holds. */
export const USER_SEGMENT_COUNT: Statement<{ count: number }> = {
  name: "user_segment_count",
  text: `SELECT count(*)::int AS "count" FROM "UserSegment" WHERE "organizationId" = $1 AND "externalUserId" = $2`,
};

export interface IngestRow {
  threadId: Thread["id"];
  created: boolean;
  projectId: Project["id"];
  userId: ExternalUser["id"];
  /** The last message the stored summary covers. */
  summaryMessageId: Thread["summaryMessageId"];
  /** The thread's last message, those just added included. */
  lastMessageId: Message["id"] | null;
}

/**
 * Create Thread's writes in one statement: the project (given, or the organization's first), the
 * user upserted (as UPSERT_USER), the thread created, or with an externalId already in the project
 * its metadata shallow-merged (concurrent ingests of one externalId meet on the unique key and
 * create it once), and the messages appended in arrival order, one whose externalId the thread
 * already has skipped. No row: no such project, and nothing written.
 * $1 organization, $2 projectId, $3-$6 the user's externalId, name, email, username, $7 the
 * thread's externalId, $8 its metadata, $9 the messages (a JSON array).
 */
export const INGEST: Statement<IngestRow> = {
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
    ), thread AS (
      INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "metadata")
      SELECT $1, project."id", usr."id", $7::text, $8::jsonb FROM project, usr
      ON CONFLICT ("organizationId", "projectId", "externalId") DO UPDATE SET
        "metadata" = "Thread"."metadata" || EXCLUDED."metadata",
        "updatedAt" = now()
      RETURNING "id", (xmax = 0) AS "created", "projectId", "externalUserId", "summaryMessageId"
    ), added AS (
      INSERT INTO "Message" ("organizationId", "threadId", "role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt")
      SELECT $1, thread."id", m."role", m."content", COALESCE(m."type", 'markdown'), m."externalId", COALESCE(m."metadata", '{}'),
             m."jsonContent", COALESCE(m."createdAt", now()) AT TIME ZONE 'UTC'
      FROM thread, ROWS FROM (jsonb_to_recordset($9::jsonb)
        AS ("role" text, "content" text, "type" text, "externalId" text, "metadata" jsonb, "jsonContent" jsonb, "createdAt" timestamptz))
        WITH ORDINALITY AS m("role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", position)
      ORDER BY m.position
      ON CONFLICT ("organizationId", "threadId", "externalId") DO NOTHING
      RETURNING "id"
    )
    SELECT thread."id" AS "threadId", thread."created", thread."projectId", thread."externalUserId" AS "userId", thread."summaryMessageId",
           GREATEST((SELECT max("id") FROM added),
                    (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = $1 AND m."threadId" = thread."id")) AS "lastMessageId"
    FROM thread`,
};

/**
 * Links thread $3 to the named intents ($4, sorted) of project $2, creating unknown ones. Then
 * THREAD_INTENT_COUNT, as a later statement sees what this one wrote.
 */
export const LINK_INTENTS: Statement<never> = {
  name: "link_intents",
  text: `
    WITH intents AS (
      INSERT INTO "Intent" ("organizationId", "projectId", "name")
      SELECT $1, $2, name FROM unnest($4::text[]) AS name
      ON CONFLICT ("organizationId", "projectId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id"
    )
    INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
    SELECT $1, $3, "id" FROM intents
    ON CONFLICT DO NOTHING`,
};

/** $1 organization, $2 thread: how many intents the thread has. */
export const THREAD_INTENT_COUNT: Statement<{ count: number }> = {
  name: "thread_intent_count",
  text: `SELECT count(*)::int AS "count" FROM "ThreadIntent" WHERE "organizationId" = $1 AND "threadId" = $2`,
};

/** $1 organization, $2 thread: the last message the stored summary covers, and the thread's last message (a backward index probe). */
export const SUMMARY_STATE: Statement<{ summaryMessageId: Thread["summaryMessageId"]; lastMessageId: Message["id"] | null }> = {
  name: "summary_state",
  text: `
    SELECT t."summaryMessageId",
           (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id") AS "lastMessageId"
    FROM "Thread" t
    WHERE t."organizationId" = $1 AND t."id" = $2`,
};

/**
 * The summarizer's window of thread $2's user and assistant messages up to message $3: the first
 * $4 and the last $5 + 1, cut to $6 characters, in two index range scans of a bounded length
 * however long the thread.
 */
export const CONVERSATION: Statement<Pick<Message, "id" | "role" | "content"> & { opening: boolean }> = {
  name: "conversation",
  text: `
    (SELECT "id", "role", left("content", $6::int) AS "content", true AS "opening"
     FROM "Message"
     WHERE "organizationId" = $1 AND "threadId" = $2 AND "id" <= $3 AND "role" IN ('user', 'assistant')
     ORDER BY "id" ASC LIMIT $4::int)
    UNION ALL
    (SELECT "id", "role", left("content", $6::int) AS "content", false AS "opening"
     FROM "Message"
     WHERE "organizationId" = $1 AND "threadId" = $2 AND "id" <= $3 AND "role" IN ('user', 'assistant')
     ORDER BY "id" DESC LIMIT $5::int + 1)`,
};

/** $1 organization, $2 thread: its summary $3, covering the messages up to $4. */
export const WRITE_SUMMARY: Statement<never> = {
  name: "write_summary",
  text: `
    UPDATE "Thread" SET "summary" = $3, "summaryMessageId" = $4, "summaryUpdatedAt" = now()
    WHERE "organizationId" = $1 AND "id" = $2`,
};

/**
 * Replaces the summary only while it still covers exactly the messages up to $4. Every ingest
 * that adds messages sets summaryMessageId in its transaction, holding the thread's row lock from
 * its first statement, and PostgreSQL re-checks this condition on the newest row version after
 * such a transaction commits: a late answer never overwrites a newer summary.
 */
export const REPLACE_SUMMARY: Statement<{ id: Thread["id"] }> = {
  name: "replace_summary",
  text: `
    UPDATE "Thread" SET "summary" = $3, "summaryUpdatedAt" = now()
    WHERE "organizationId" = $1 AND "id" = $2 AND "summaryMessageId" = $4
    RETURNING "id"`,
};
