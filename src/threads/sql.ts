// The statements of threads: reading one, listing them, and Create Thread's writes.
import type { ExternalUser, Message, Project, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "../db/driver.ts";
import { listingCount } from "../db/counting.ts";
import { externalUserJson } from "../db/json.ts";
import { containsPattern, isoTimestampText as iso } from "../db/sql.ts";

/** A Thread object carries at most this many of its messages, the latest (decisions.md, "Bounded answers"). */
export const THREAD_MESSAGE_LIMIT = 100;

/**
 * How many characters of a message's content (and of its jsonContent's JSON) a Thread object and a
 * page of messages carry (decisions.md, "Bounded in bytes"): no data anyone can store makes an
 * answer too big to build.
 */
export const CONTENT_LIMIT = { thread: 2_000, page: 100_000 } as const;

/**
 * The Message object of `Message m`, its content cut to `limit` characters and its jsonContent
 * null when its JSON is longer (`contentTruncated` says so); whole without a limit. `left` reads
 * only the first characters of a long stored content, not all of it.
 */
function messageJson(limit?: number): string {
  const cut = (content: string, truncated: string, jsonContent: string) => `json_build_object(
  'id', m."id", 'role', m."role", 'metadata', m."metadata", 'externalId', m."externalId", 'type', m."type",
  'content', ${content}, 'contentTruncated', ${truncated}, 'jsonContent', ${jsonContent}, 'createdAt', ${iso('m."createdAt"')})`;
  if (limit === undefined) return cut(`m."content"`, "false", `m."jsonContent"`);
  const longJson = `COALESCE(length(m."jsonContent"::text) > ${limit}, false)`;
  return cut(
    `left(m."content", ${limit})`,
    `(length(left(m."content", ${limit + 1})) > ${limit} OR ${longJson})`,
    `CASE WHEN ${longJson} THEN NULL ELSE m."jsonContent" END`,
  );
}

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
      SELECT m."id", ${messageJson(CONTENT_LIMIT.thread)} AS "message"
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

/** What separates two messages in a thread's search document. */
const SEARCH_DOCUMENT_SEPARATOR = "\n";

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
  // The thread's search document (migration 0010_search_document: its messages' contents,
  // lowercased, each after a newline) rather than its messages: one row per thread, so that for a
  // common word the planner walks the page order and stops at the page, and for a rare one reads
  // the trigram index. LIKE of the lowercased pattern on the lowercased document is what ILIKE
  // does (PostgreSQL lowers both), without lowering every document read. A term holding the
  // newline could match across two messages: those threads are checked message by message. A
  // thread too long for a document (NULL) has its messages searched one by one, as a set computed
  // once (an InitPlan), so that the OR can still be a BitmapOr.
  search: (term) => (value) => {
    const pattern = value(containsPattern(term));
    const inMessages = (thread: string) => `EXISTS (
      SELECT 1 FROM "Message" m WHERE m."organizationId" = $1 AND m."threadId" = ${thread}."id" AND m."content" ILIKE ${pattern})`;
    const documentMatches = `t."searchText" LIKE lower(${pattern})`;
    const inDocument = term.includes(SEARCH_DOCUMENT_SEPARATOR) ? `(${documentMatches} AND ${inMessages("t")})` : documentMatches;
    // The document first: it matches most often, and OR stops at the first match.
    return `(${inDocument} OR t."externalId" ILIKE ${pattern} OR t."id" = ANY(ARRAY(
      SELECT o."id" FROM "Thread" o WHERE o."organizationId" = $1 AND o."searchText" IS NULL AND ${inMessages("o")})))`;
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
  /** The count of all matching threads (a search's capped: src/db/counting.ts) and the page's Thread objects, as one JSON array. */
  statement: Statement<{ count: number; countExact: boolean; rows: unknown }>;
  /** $1 organization, then the filters' values, then page size and offset. */
  values: unknown[];
}

/**
 * The thread listing as one statement: the count of all threads these filters match (a search's
 * stops at 10,000: `listingCount`) and the page's Thread objects, newest first (createdAt, then id, descending). One statement rather than
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
  const searching = given.some(([name]) => name === "search" || name === "userSearch");
  const count = listingCount(searching);
  const limit = value(page.pageSize);
  const offset = value(page.pageSize * page.pageIndex);
  return {
    statement: {
      name: searching ? "" : `threads:${shape}`,
      text: `
        SELECT counted."count", counted."countExact",
          COALESCE((
            SELECT json_agg(${threadJson} ORDER BY t."createdAt" DESC, t."id" DESC)
            FROM (
              SELECT t.* FROM "Thread" t WHERE ${where}
              ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${limit} OFFSET ${offset}) t
            ${threadJoins}), '[]') AS "rows"
        FROM (SELECT ${count.columns} FROM (SELECT 1 FROM "Thread" t WHERE ${where} ${count.limit}) matching) counted`,
    },
    values,
  };
}

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
 * thread's externalId, $8 its metadata, $9 the messages (a JSON array, each with its search language).
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
      INSERT INTO "Message" ("organizationId", "threadId", "role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", "language")
      SELECT $1, thread."id", m."role", m."content", COALESCE(m."type", 'markdown'), m."externalId", COALESCE(m."metadata", '{}'),
             m."jsonContent", COALESCE(m."createdAt", now()) AT TIME ZONE 'UTC', m."language"
      FROM thread, ROWS FROM (jsonb_to_recordset($9::jsonb)
        AS ("role" text, "content" text, "type" text, "externalId" text, "metadata" jsonb, "jsonContent" jsonb, "createdAt" timestamptz, "language" text))
        WITH ORDINALITY AS m("role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", "language", position)
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

/**
 * $1 organization, $2 thread, $3 page size, $4 offset: the count of all the thread's messages and
 * one page of them in arrival order (both walk the (organizationId, threadId, id) index); no row
 * when the organization has no such thread.
 */
export const MESSAGE_PAGE: Statement<{ count: number; rows: unknown }> = {
  name: "message_page",
  text: `
    SELECT
      (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id") AS "count",
      COALESCE((
        SELECT json_agg(paged."message" ORDER BY paged."id")
        FROM (
          SELECT m."id", ${messageJson(CONTENT_LIMIT.page)} AS "message"
          FROM "Message" m
          WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
          ORDER BY m."id"
          LIMIT $3 OFFSET $4
        ) paged), '[]') AS "rows"
    FROM "Thread" t
    WHERE t."organizationId" = $1 AND t."id" = $2`,
};

/** $1 organization, $2 thread, $3 message: the whole Message object (null when the thread has no such message); no row when the organization has no such thread. */
export const MESSAGE: Statement<{ message: unknown }> = {
  name: "message",
  text: `
    SELECT (
      SELECT ${messageJson()} FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND m."id" = $3
    ) AS "message"
    FROM "Thread" t
    WHERE t."organizationId" = $1 AND t."id" = $2`,
};
