// The statements of threads: reading one, listing them, and Create Thread's writes.
import type { ExternalUser, Message, Project, Thread } from "../../generated/prisma/client.ts";
import { composedStatement, statement } from "../db/statement.ts";
import { listingCount } from "../db/counting.ts";
import { DAILY_COUNTED_FILTERS, dailyThreadCount } from "./countSql.ts";
import { externalUserJson, type IsoTimestamp, type JsonText } from "../db/json.ts";
import { containsPattern, isoTimestampText as iso } from "../db/sql.ts";
import { ADDED_MESSAGE_ROWS, type AddedMessage, USER_KNOWN_FACTS_OBJECT } from "../memory/facts/sql.ts";
import { CONVERSATION_ROWS, type ConversationRow, WRITE_SUMMARY } from "../memory/sql.ts";
import { SEGMENT_ASSIGNMENT, SEGMENTS_CREATED, SEGMENTS_HELD, UPDATE_USER_ON_CONFLICT } from "../users/sql.ts";
import { DELIVERIES_WRITTEN_JSON, EVENT_DELIVERIES, eventRow, type ClaimedDelivery } from "../webhooks/eventSql.ts";
import type { MessagePage, MessageView, ThreadPage, ThreadView } from "./views.ts";

/** A Thread object carries at most this many of its messages, the latest (decisions.md, "Bounded answers"). */
export const THREAD_MESSAGE_LIMIT = 100;

/**
 * How many characters of a message's content (and of its jsonContent's JSON) a Thread object and a
 * page of messages carry (decisions.md, "Bounded in bytes"): no data anyone can store makes an
 * answer too big to build.
 */
export const CONTENT_LIMIT = { thread: 2_000, page: 100_000 } as const;

/** Characters of JSON a thread's metadata holds at most, with what appends merged into it: a listing of 200 threads stays buildable. */
export const THREAD_METADATA_LIMIT = 100_000;

/**
 * The Message object of `Message m`, its content cut to `limit` characters and its jsonContent and metadata
 * null when their JSON is longer (`contentTruncated` says so); whole without a limit. `left` reads
 * only the first characters of a long stored content, not all of it.
 */
function messageJson(limit?: number): string {
  const cut = (content: string, truncated: string, jsonContent: string, metadata: string) => `json_build_object(
  'id', m."id", 'role', m."role", 'metadata', ${metadata}, 'externalId', m."externalId", 'type', m."type",
  'content', ${content}, 'contentTruncated', ${truncated}, 'jsonContent', ${jsonContent}, 'createdAt', ${iso('m."createdAt"')})`;
  if (limit === undefined) return cut(`m."content"`, "false", `m."jsonContent"`, `m."metadata"`);
  // Their compact JSON's length (migration 0019_json_compact_length), not that of jsonb's text form with its spaces.
  const longJson = `COALESCE(json_longer_than(m."jsonContent", ${limit}), false)`;
  // Most messages have no metadata: the empty object is compared, not measured (a call per message cost PGlite's listing 8 %).
  const longMetadata = `(m."metadata" <> '{}'::jsonb AND json_longer_than(m."metadata", ${limit}))`;
  return cut(
    `left(m."content", ${limit})`,
    `(length(left(m."content", ${limit + 1})) > ${limit} OR ${longJson} OR ${longMetadata})`,
    `CASE WHEN ${longJson} THEN NULL ELSE m."jsonContent" END`,
    `CASE WHEN ${longMetadata} THEN NULL ELSE m."metadata" END`,
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

/** Filters of the thread listing. */
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

export type ThreadFilter = keyof ThreadFilters;

/**
 * The composed listing's parts: the filters, whether a search term spans two messages (it holds the
 * separator), and whether more than one intent is given (the daily counts cannot count them).
 */
type ThreadListingPart = ThreadFilter | "searchAcrossMessages" | "severalIntents";

/** The listing's values: the filters' (a search term as its ILIKE pattern), then the page. */
export type ThreadListingParams = Omit<ThreadFilters, "search" | "userSearch"> & {
  organizationId: number;
  searchPattern?: string;
  userSearchPattern?: string;
  pageSize: number;
  offset: number;
};

/**
 * Every condition is scoped to the organization, subqueries included, so that each one can use
 * an index leading with organizationId. Sets of threads or users are written as `IN (subquery)`
 * so that the planner can start from the smaller side; the search terms go to the trigram
 * indexes through ILIKE. Listed in a fixed order: a set of filters always makes the same text.
 */
const THREAD_CONDITIONS: Record<Exclude<ThreadFilter, "search">, string> = {
  ids: `t."id" = ANY(:ids::int[])`,
  projectId: `t."projectId" = :projectId::int`,
  after: `t."createdAt" > (:after::timestamptz AT TIME ZONE 'UTC')`,
  before: `t."createdAt" < (:before::timestamptz AT TIME ZONE 'UTC')`,
  externalUserIds: `t."externalUserId" IN (
    SELECT u."id" FROM "ExternalUser" u WHERE u."organizationId" = :organizationId AND u."externalId" = ANY(:externalUserIds::text[]))`,
  userSegmentIds: `t."externalUserId" IN (
    SELECT us."externalUserId" FROM "UserSegment" us
    WHERE us."organizationId" = :organizationId AND us."segmentId" = ANY(:userSegmentIds::int[]))`,
  intentIds: `t."id" IN (
    SELECT ti."threadId" FROM "ThreadIntent" ti WHERE ti."organizationId" = :organizationId AND ti."intentId" = ANY(:intentIds::int[]))`,
  userSearch: `t."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = :organizationId
        AND (u."externalId" ILIKE :userSearchPattern OR u."name" ILIKE :userSearchPattern
             OR u."email" ILIKE :userSearchPattern OR u."username" ILIKE :userSearchPattern))`,
};

/** Whether a message of `thread` matches; `outsideDocument`: of a thread without a document, its messages' trigram index can say (migration 0018_lighter_ingest). */
const inMessages = (thread: string, outsideDocument = false) => `EXISTS (
  SELECT 1 FROM "Message" m WHERE m."organizationId" = :organizationId AND m."threadId" = ${thread}."id"${outsideDocument ? ` AND m."outsideDocument"` : ""} AND m."content" ILIKE :searchPattern)`;

// The thread's search document (migration 0010_search_document: its messages' contents,
// lowercased, each after a newline) rather than its messages: one row per thread, so that for a
// common word the planner walks the page order and stops at the page, and for a rare one reads
// the trigram index. LIKE of the lowercased pattern on the lowercased document is what ILIKE
// does (PostgreSQL lowers both), without lowering every document read. A term holding the
// newline could match across two messages (`acrossMessages`): those threads are checked message by message. A
// thread too long for a document (NULL) has its messages searched one by one, as a set computed
// once (an InitPlan), so that the OR can still be a BitmapOr.
function searchCondition(acrossMessages: boolean): string {
  const documentMatches = `t."searchText" LIKE lower(:searchPattern)`;
  const inDocument = acrossMessages ? `(${documentMatches} AND ${inMessages("t")})` : documentMatches;
  // The document first: it matches most often, and OR stops at the first match.
  return `(${inDocument} OR t."externalId" ILIKE :searchPattern OR t."id" = ANY(ARRAY(
      SELECT o."id" FROM "Thread" o WHERE o."organizationId" = :organizationId AND o."searchText" IS NULL AND ${inMessages("o", true)})))`;
}

/** The conditions of the given parts, in the order of THREAD_LISTING's parts. */
const threadConditions = (given: ReadonlySet<ThreadListingPart>) =>
  [...given].flatMap((part) =>
    part === "searchAcrossMessages" || part === "severalIntents"
      ? []
      : [part === "search" ? searchCondition(given.has("searchAcrossMessages")) : THREAD_CONDITIONS[part]],
  );

/** Whether the daily counts can count the threads these parts match. */
const dailyCounted = (given: ReadonlySet<ThreadListingPart>) => [...given].every((part) => DAILY_COUNTED_FILTERS.has(part));

/** The listing's order, newest first. */
const PAGE_ORDER = `ORDER BY t."createdAt" DESC, t."id" DESC`;

/**
 * The count of the threads `where` matches, as the `count` and `countExact` columns. A search's
 * count within a project takes the threads in the page's order: for a common word the planner then
 * walks the project's index and stops at the cap, where without an order it scanned the table, every
 * project's threads, until the cap's match (three times as many threads read with four projects); a
 * rare word still reads the trigram index (and sorts its few matches). Not for `userSearch` alone:
 * its threads come from the users' index, and an order would only make it read them all to sort.
 */
function threadCount(given: ReadonlySet<ThreadListingPart>, where: string): string {
  if (dailyCounted(given)) return dailyThreadCount(where, { projectId: given.has("projectId"), intent: given.has("intentIds") });
  const count = listingCount(searching(given));
  const order = given.has("search") && given.has("projectId") ? PAGE_ORDER : "";
  return `SELECT ${count.columns} FROM (SELECT 1 FROM "Thread" t WHERE ${where} ${order} ${count.limit}) matching`;
}

const searching = (given: ReadonlySet<ThreadListingPart>) => given.has("search") || given.has("userSearch");

/**
 * The thread listing as one statement: the ThreadPage as JSON text, the count of all threads these
 * filters match (from the daily counts when they keep these filters: `dailyThreadCount`; a search's
 * stops at 10,000: `listingCount`) and the page's Thread objects, newest first (createdAt, then id,
 * descending). One statement rather than the count on a connection of its own: under load a second
 * round trip and connection cost more than running the two one after the other saves. Each set of filters has its own name, so that
 * each is prepared with a plan for its own shape; the search terms' statements are left unnamed,
 * since a plan made for one term can be far off for another.
 */
export const THREAD_LISTING = composedStatement<ThreadListingPart, ThreadListingParams, { page: JsonText<ThreadPage> }>(
  "threads",
  [...(Object.keys(THREAD_CONDITIONS) as ThreadFilter[]), "search", "searchAcrossMessages", "severalIntents"],
  (given) => {
    const where = [`t."organizationId" = :organizationId`, ...threadConditions(given)].join(" AND ");
    return `
        SELECT json_build_object('count', counted."count", 'countExact', counted."countExact",
          'rows', COALESCE((
            SELECT json_agg(${threadJson} ORDER BY t."createdAt" DESC, t."id" DESC)
            FROM (
              SELECT t.* FROM "Thread" t WHERE ${where}
              ${PAGE_ORDER} LIMIT :pageSize OFFSET :offset) t
            ${threadJoins}), '[]'))::text AS "page"
        FROM (${threadCount(given, where)}) counted`;
  },
  searching,
);

/** The listing's statement for these filters (empty lists are no filter) and its values. */
export function threadListing(organizationId: number, filters: ThreadFilters, page: { pageSize: number; pageIndex: number }) {
  const given = THREAD_LISTING.parts.filter((part) => {
    if (part === "searchAcrossMessages") return filters.search?.includes(SEARCH_DOCUMENT_SEPARATOR) ?? false;
    if (part === "severalIntents") return (filters.intentIds?.length ?? 0) > 1;
    const value = filters[part];
    return value !== undefined && !(Array.isArray(value) && value.length === 0);
  });
  const { search, userSearch, ...exact } = filters;
  const params: ThreadListingParams = {
    ...exact,
    organizationId,
    searchPattern: search === undefined ? undefined : containsPattern(search),
    userSearchPattern: userSearch === undefined ? undefined : containsPattern(userSearch),
    pageSize: page.pageSize,
    offset: page.pageSize * page.pageIndex,
  };
  return { statement: THREAD_LISTING.of(given), params };
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
  /** Its metadata, with what this call merged in, is over THREAD_METADATA_LIMIT characters of JSON. */
  metadataTooLong: boolean;
}

/**
 * Create Thread's writes in one statement: the project (given, or the organization's first), the
 * user upserted (as UPSERT_USER), the thread created, or with an externalId already in the project
 * its metadata shallow-merged (concurrent ingests of one externalId meet on the unique key and
 * create it once), and the messages appended in arrival order, one whose externalId the thread
 * already has skipped. No row: no such project, and nothing written. A new thread's search document (as the messages'
 * trigger appends it, migration 0010_search_document: each message's content lowercased after a newline, NULL past
 * 100,000 characters) is written by its insert, and the trigger leaves it (migration 0018_lighter_ingest), so
 * that the row is not rewritten in every index of "Thread" before the summary is written.
 * `userExternalId`-`userUsername` the user's externalId, name, email, username, `threadExternalId` the
 * thread's externalId, `metadata` its metadata, `messages` the messages (a JSON array, each with its search language).
 */
export const CREATE_THREAD = statement<{ organizationId: number; projectId: number | null; userExternalId: string; userName: string | null; userEmail: string | null; userUsername: string | null; threadExternalId: string | null; metadata: string; messages: string }, IngestRow>(
  "create_thread",
  `
    WITH project AS (
      SELECT "id" FROM "Project" WHERE "organizationId" = :organizationId AND (:projectId::int IS NULL OR "id" = :projectId) ORDER BY "id" LIMIT 1
    ), usr AS (
      INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
      SELECT :organizationId, :userExternalId::text, :userName::text, :userEmail::text, :userUsername::text FROM project
      ${UPDATE_USER_ON_CONFLICT}
      RETURNING "id"
    ), given AS (
      SELECT m.*, row_number() OVER (PARTITION BY m."externalId" ORDER BY m.position) AS "nth"
      FROM ROWS FROM (jsonb_to_recordset(:messages::jsonb)
        AS ("role" text, "content" text, "type" text, "externalId" text, "metadata" jsonb, "jsonContent" jsonb, "createdAt" timestamptz, "language" text))
        WITH ORDINALITY AS m("role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", "language", position)
    ), thread AS (
      INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "metadata", "searchText")
      SELECT :organizationId, project."id", usr."id", :threadExternalId::text, :metadata::jsonb,
        -- The messages the insert below stores: of those with one externalId, the first.
        (SELECT CASE WHEN COALESCE(sum(length(g."content") + 1), 0) <= 100000 THEN COALESCE(string_agg(E'\\n' || lower(g."content"), '' ORDER BY g.position), '') END
         FROM given g WHERE g."externalId" IS NULL OR g."nth" = 1)
      FROM project, usr
      ON CONFLICT ("organizationId", "projectId", "externalId") DO UPDATE SET
        "metadata" = "Thread"."metadata" || EXCLUDED."metadata",
        "updatedAt" = now()
      RETURNING "id", (xmax = 0) AS "created", "projectId", "externalUserId", "summaryMessageId", json_longer_than("metadata", ${THREAD_METADATA_LIMIT}) AS "metadataTooLong"
    ), added AS (
      INSERT INTO "Message" ("organizationId", "threadId", "role", "content", "type", "externalId", "metadata", "jsonContent", "createdAt", "language")
      SELECT :organizationId, thread."id", m."role", m."content", COALESCE(m."type", 'markdown'), m."externalId", COALESCE(m."metadata", '{}'),
             m."jsonContent", COALESCE(m."createdAt", now()) AT TIME ZONE 'UTC', m."language"
      FROM thread, given m
      ORDER BY m.position
      ON CONFLICT ("organizationId", "threadId", "externalId") DO NOTHING
      RETURNING "id"
    )
    SELECT thread."id" AS "threadId", thread."created", thread."projectId", thread."externalUserId" AS "userId", thread."summaryMessageId", thread."metadataTooLong",
           GREATEST((SELECT max("id") FROM added),
                    (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = :organizationId AND m."threadId" = thread."id")) AS "lastMessageId"
    FROM thread`,
);

/**
 * After CREATE_THREAD, in its transaction, one statement: the user's segments set (SEGMENT_ASSIGNMENT), the thread
 * `threadId` linked to the named intents (`intentNames`, sorted) of project `projectId`, unknown ones created; the
 * counts their limits bound (SEGMENTS_HELD, and the intents the thread then has: those it had beside the named, and
 * the named); and what the memory reads of the messages CREATE_THREAD added: the summarizer's window up to
 * `upToMessageId` (CONVERSATION_ROWS) and the messages after `afterMessageId` the fact extractor reads
 * (ADDED_MESSAGE_ROWS; none when null), with the user's current facts of `knownSubjects` (USER_KNOWN_FACTS_OBJECT). It runs after the statement that locked the user's and the thread's rows,
 * so it sees every other transaction's segments, intents and messages of them.
 */
export const INGEST_DETAILS = statement<
  {
    organizationId: number;
    userId: number;
    typeNames: string[];
    segmentNames: string[];
    projectId: number;
    threadId: number;
    intentNames: string[];
    upToMessageId: number | null;
    opening: number;
    recent: number;
    maxMessageChars: number;
    afterMessageId: number | null;
    factMessageChars: number;
    knownSubjects: string[];
  },
  { segmentsCreated: boolean; segmentsHeld: number; intentsHeld: number; intentsCreated: boolean; conversation: ConversationRow[]; added: AddedMessage[]; knownFacts: Record<string, string> }
>(
  "ingest_details",
  `
    WITH ${SEGMENT_ASSIGNMENT}, intents AS (
      INSERT INTO "Intent" ("organizationId", "projectId", "name")
      SELECT :organizationId, :projectId, name FROM unnest(:intentNames::text[]) AS name
      ON CONFLICT ("organizationId", "projectId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", xmax = 0 AS "created"
    ), intent_links AS (
      INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
      SELECT :organizationId, :threadId, "id" FROM intents
      ON CONFLICT DO NOTHING
    )
    SELECT ${SEGMENTS_CREATED} AS "segmentsCreated", ${SEGMENTS_HELD} AS "segmentsHeld",
      ((SELECT count(*) FROM "ThreadIntent" ti
        WHERE ti."organizationId" = :organizationId AND ti."threadId" = :threadId AND ti."intentId" NOT IN (SELECT "id" FROM intents))
       + (SELECT count(*) FROM intents))::int AS "intentsHeld",
      EXISTS (SELECT 1 FROM intents WHERE "created") AS "intentsCreated",
      COALESCE((SELECT json_agg(window_rows) FROM (${CONVERSATION_ROWS}) window_rows), '[]') AS "conversation",
      COALESCE((SELECT json_agg(added_rows ORDER BY added_rows."id") FROM (${ADDED_MESSAGE_ROWS}) added_rows), '[]') AS "added",
      ${USER_KNOWN_FACTS_OBJECT} AS "knownFacts"`,
);

/**
 * Create Thread's last statement: the thread's summary `summary` written (covering the messages up to
 * `summaryMessageId`; nothing when it is null), the Thread object it answers with (as JSON text, sent as it is: no
 * parse and serialisation again), and, when `changed` (the thread created, or messages appended: decisions.md's
 * thread.updated is "messages appended"), the outbox's event of type `type` whose data is that object without its messages, with its `deliveries` leased for `leaseMs`
 * (src/webhooks/events.ts). The object does not show the summary, so that it reads the same before the write as after.
 */
export const FINISH_INGEST = statement<
  { organizationId: number; threadId: number; summary: string | null; summaryMessageId: number | null; type: "thread.created" | "thread.updated"; changed: boolean; leaseMs: number },
  { thread: JsonText<ThreadView>; deliveries: ClaimedDelivery[] }
>(
  "finish_ingest",
  `
    WITH summary AS (${WRITE_SUMMARY} AND :summary::text IS NOT NULL
    ), answer AS (
      SELECT ${threadJson} AS "thread" FROM "Thread" t ${threadJoins} WHERE t."organizationId" = :organizationId AND t."id" = :threadId
    ), ${eventRow(`(SELECT answer."thread"::jsonb - 'messages' FROM answer)`, ":changed::boolean")}, event_deliveries AS (${EVENT_DELIVERIES})
    SELECT "thread"::text AS "thread", ${DELIVERIES_WRITTEN_JSON} AS "deliveries" FROM answer`,
);

/**
 * The MessagePage as JSON text: the count of all the thread's messages (always exact) and
 * one page of them in arrival order (both walk the (organizationId, threadId, id) index); no row
 * when the organization has no such thread.
 */
export const MESSAGE_PAGE = statement<{ organizationId: number; threadId: number; pageSize: number; offset: number }, { page: JsonText<MessagePage> }>(
  "message_page",
  `
    SELECT json_build_object(
      'count', (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"),
      'countExact', true,
      'rows', COALESCE((
        SELECT json_agg(paged."message" ORDER BY paged."id")
        FROM (
          SELECT m."id", ${messageJson(CONTENT_LIMIT.page)} AS "message"
          FROM "Message" m
          WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
          ORDER BY m."id"
          LIMIT :pageSize OFFSET :offset
        ) paged), '[]'))::text AS "page"
    FROM "Thread" t
    WHERE t."organizationId" = :organizationId AND t."id" = :threadId`,
);

/** The whole Message object (null when the thread has no such message); no row when the organization has no such thread. */
export const MESSAGE = statement<{ organizationId: number; threadId: number; messageId: number }, { message: MessageView | null }>(
  "message",
  `
    SELECT (
      SELECT ${messageJson()} FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND m."id" = :messageId
    ) AS "message"
    FROM "Thread" t
    WHERE t."organizationId" = :organizationId AND t."id" = :threadId`,
);

export interface ProjectIntentView {
  id: number;
  projectId: number;
  name: string;
  createdAt: IsoTimestamp;
}

/**
 * The organization's intents, of project `projectId` when not null (another organization's project
 * lists nothing), by name then id. Names compare byte by byte (COLLATE "C"), so that the order is
 * the same on every database whatever its locale.
 */
export const LIST_INTENTS = statement<{ organizationId: number; projectId: number | null }, ProjectIntentView>(
  "intent_list",
  `
    SELECT "id", "projectId", "name", ${iso('"createdAt"')} AS "createdAt"
    FROM "Intent"
    WHERE "organizationId" = :organizationId AND (:projectId::int IS NULL OR "projectId" = :projectId)
    ORDER BY "name" COLLATE "C", "id"`,
);

/** How many intents the organization has, in all its projects (counted under lockOrganizationCount's lock). */
export const INTENT_COUNT = statement<{ organizationId: number }, { count: number }>(
  "intent_count",
  `SELECT count(*)::int AS "count" FROM "Intent" WHERE "organizationId" = :organizationId`,
);
