// The statements of user memory's facts and search (decisions.md, "User memory: facts across threads").
// A user's subject timeline is ordered by statedAt, the source message's createdAt.
import type { ExternalUser, Fact, Message } from "../../../generated/prisma/client.ts";
import { statement } from "../../db/statement.ts";
import type { IsoTimestamp } from "../../db/json.ts";
import { isoTimestampText as iso } from "../../db/sql.ts";

/** The languages whose words search stems (the migration's message_search_vector); any other is matched word for word. */
const STEMMED_CONFIGS = ["simple", "english", "german", "french", "spanish", "portuguese", "italian", "dutch"];

/**
 * `userExternalId` the user's externalId: the user's id, none when the organization has no such user.
 */
export const FACT_USER = statement<{ organizationId: number; userExternalId: string }, { id: ExternalUser["id"] }>(
  "fact_user",
  `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = :organizationId AND "externalId" = :userExternalId`,
);

/** A row of ADDED_MESSAGE_ROWS. */
export interface AddedMessage {
  id: Message["id"];
  role: "user" | "assistant";
  content: Message["content"];
  createdAt: IsoTimestamp;
  language: Message["language"];
}

/**
 * Its user and assistant messages after message `afterMessageId` up to `upToMessageId` (those one ingest added; none
 * when either is null), each cut to `factMessageChars` characters: NEW_MESSAGES, and part of Create Thread's INGEST_DETAILS.
 */
export const ADDED_MESSAGE_ROWS = `
    SELECT m."id", m."role", left(m."content", :factMessageChars::int) AS "content", ${iso('m."createdAt"')} AS "createdAt", m."language"
    FROM "Message" m
    WHERE m."organizationId" = :organizationId AND m."threadId" = :threadId AND m."id" > :afterMessageId AND m."id" <= :upToMessageId
      AND m."role" IN ('user', 'assistant')`;

/** ADDED_MESSAGE_ROWS in arrival order, each with the thread's user. */
export const NEW_MESSAGES = statement<{ organizationId: number; threadId: number; afterMessageId: number; upToMessageId: number; factMessageChars: number }, AddedMessage & { userId: ExternalUser["id"] }>(
  "new_messages",
  `
    SELECT added.*, t."externalUserId" AS "userId"
    FROM (${ADDED_MESSAGE_ROWS}) added JOIN "Thread" t ON t."id" = :threadId
    ORDER BY added."id"`,
);

/**
 * User `userId`'s current facts of `knownSubjects`, as a JSON object subject → text: one range of the current facts'
 * index (Fact_current_key: organization, user, subject). USER_KNOWN_FACTS, and part of Create Thread's INGEST_DETAILS.
 */
export const USER_KNOWN_FACTS_OBJECT = `
    COALESCE((SELECT json_object_agg(f."subject", f."text") FROM "Fact" f
              WHERE f."organizationId" = :organizationId AND f."externalUserId" = :userId AND f."invalidAt" IS NULL
                AND f."subject" = ANY(:knownSubjects::text[])), '{}')`;

/** USER_KNOWN_FACTS_OBJECT alone. */
export const USER_KNOWN_FACTS = statement<{ organizationId: number; userId: number; knownSubjects: string[] }, { facts: Record<string, string> }>(
  "user_known_facts",
  `SELECT ${USER_KNOWN_FACTS_OBJECT} AS "facts"`,
);

export interface FactNeighbours {
  /** The user asked to forget this statement on this subject. */
  forgotten: boolean;
  /** The message already has a fact of this subject. */
  known: boolean;
  previousId: Fact["id"] | null;
  previousText: Fact["text"] | null;
  previousCurrent: boolean | null;
  previousSupersededById: Fact["supersededById"];
  nextId: Fact["id"] | null;
  nextText: Fact["text"] | null;
}

/**
 * Where a statement of user `userId` on subject `subject` made in message `messageId` falls in the subject's timeline
 * (ordered by statedAt, then message, as src/memory/facts/supersede.ts): the fact stated just
 * before it and the one stated just after it, two index probes; whether the message already has
 * a fact of the subject; and whether the user asked to forget the statement `statement` (its statementKey).
 * The three are SQL expressions; no row when there is no such message.
 */
const factNeighbours = (subject: string, statementKey: string, messageId: string) => `
    WITH stated AS (SELECT "createdAt" AS "at" FROM "Message" WHERE "organizationId" = :organizationId AND "id" = ${messageId})
    SELECT
      EXISTS (SELECT 1 FROM "FactForgotten"
              WHERE "organizationId" = :organizationId AND "externalUserId" = :userId AND "subject" = ${subject} AND "statement" = ${statementKey}) AS "forgotten",
      EXISTS (SELECT 1 FROM "Fact" WHERE "messageId" = ${messageId} AND "organizationId" = :organizationId AND "subject" = ${subject}) AS "known",
      previous."id" AS "previousId", previous."text" AS "previousText", previous."invalidAt" IS NULL AS "previousCurrent",
      previous."supersededById" AS "previousSupersededById",
      next."id" AS "nextId", next."text" AS "nextText"
    FROM stated
    LEFT JOIN LATERAL (
      SELECT "id", "text", "invalidAt", "supersededById" FROM "Fact"
      WHERE "organizationId" = :organizationId AND "externalUserId" = :userId AND "subject" = ${subject} AND ("statedAt", "messageId") < (stated."at", ${messageId})
      ORDER BY "statedAt" DESC, "messageId" DESC LIMIT 1) previous ON true
    LEFT JOIN LATERAL (
      SELECT "id", "text" FROM "Fact"
      WHERE "organizationId" = :organizationId AND "externalUserId" = :userId AND "subject" = ${subject} AND ("statedAt", "messageId") > (stated."at", ${messageId})
      ORDER BY "statedAt", "messageId" LIMIT 1) next ON true`;

/**
 * The neighbours (factNeighbours) of several statements of user `userId` in one round trip: the `position`-th
 * (from 1) of `subjects`, `statements` and `messageIds`; none for a message that does not exist.
 */
export const FACTS_NEIGHBOURS = statement<
  { organizationId: number; userId: number; subjects: string[]; statements: string[]; messageIds: number[] },
  FactNeighbours & { position: number }
>(
  "facts_neighbours",
  `
    SELECT given."position"::int AS "position", place.*
    FROM unnest(:subjects::text[], :statements::text[], :messageIds::int[]) WITH ORDINALITY AS given("subject", "statement", "messageId", "position")
    CROSS JOIN LATERAL (${factNeighbours('given."subject"', 'given."statement"', 'given."messageId"')}) place`,
);

/** No longer current from the time of message `messageId` (frees the subject's current slot). */
export const CLOSE_FACT = statement<{ organizationId: number; factId: number; messageId: number }, never>("close_fact", `
    UPDATE "Fact" SET "invalidAt" = (SELECT "createdAt" FROM "Message" WHERE "organizationId" = :organizationId AND "id" = :messageId)
    WHERE "organizationId" = :organizationId AND "id" = :factId`);

/**
 * Keeps the statement of user `userId` on subject `subject` with text `text` from message `messageId`, stated at the
 * message's createdAt: superseded by fact `supersededById` when one was stated after it (else current), and
 * superseding fact `supersedesId` (its invalidAt becomes this statedAt) when it is given.
 */
export const INSERT_FACT = statement<{ organizationId: number; userId: number; subject: string; text: string; messageId: number; supersededById: number | null; supersedesId: number | null }, { id: Fact["id"] }>(
  "insert_fact",
  `
    WITH source AS (
      SELECT "id", "threadId", "createdAt" FROM "Message" WHERE "organizationId" = :organizationId AND "id" = :messageId
    ), next AS (
      SELECT "id", "statedAt" FROM "Fact" WHERE "organizationId" = :organizationId AND "id" = :supersededById::int
    ), added AS (
      INSERT INTO "Fact" ("organizationId", "externalUserId", "subject", "text", "statedAt", "invalidAt", "supersededById", "threadId", "messageId")
      SELECT :organizationId, :userId, :subject, :text, source."createdAt", next."statedAt", next."id", source."threadId", source."id"
      FROM source LEFT JOIN next ON true
      RETURNING "id", "statedAt"
    ), superseded AS (
      UPDATE "Fact" f SET "invalidAt" = added."statedAt", "supersededById" = added."id"
      FROM added WHERE f."organizationId" = :organizationId AND f."id" = :supersedesId::int
    )
    SELECT "id" FROM added`,
);

/**
 * Its subject, text and user, and its user's row locked, as Create Thread
 * locks it, so that forgetting and keeping facts take turns. No row: no such fact.
 */
export const LOCK_FACT = statement<{ organizationId: number; factId: number }, Pick<Fact, "subject" | "text" | "externalUserId">>(
  "lock_fact",
  `
    SELECT f."subject", f."text", f."externalUserId" FROM "Fact" f JOIN "ExternalUser" u ON u."id" = f."externalUserId"
    WHERE f."organizationId" = :organizationId AND f."id" = :factId
    FOR UPDATE OF u`,
);

/** Deleted, and its statement `statement` (statementKey) on its subject remembered as forgotten. */
export const FORGET_FACT = statement<{ organizationId: number; factId: number; statement: string }, never>("forget_fact", `
    WITH gone AS (
      DELETE FROM "Fact" WHERE "organizationId" = :organizationId AND "id" = :factId
      RETURNING "organizationId", "externalUserId", "subject"
    )
    INSERT INTO "FactForgotten" ("organizationId", "externalUserId", "subject", "statement")
    SELECT "organizationId", "externalUserId", "subject", :statement FROM gone
    ON CONFLICT DO NOTHING`);

/** The Fact object of openapi.yaml. */
export interface FactView {
  id: number;
  subject: string;
  text: string;
  statedAt: IsoTimestamp;
  invalidAt: IsoTimestamp | null;
  supersededById: number | null;
  source: { threadId: number; threadExternalId: string | null; messageId: number; messageExternalId: string | null };
}

/** The Fact object of `Fact f` with its source thread `t` and message `m`. */
export const factJson = `json_build_object(
  'id', f."id", 'subject', f."subject", 'text', f."text", 'statedAt', ${iso('f."statedAt"')},
  'invalidAt', CASE WHEN f."invalidAt" IS NULL THEN NULL ELSE ${iso('f."invalidAt"')} END,
  'supersededById', f."supersededById",
  'source', json_build_object('threadId', t."id", 'threadExternalId', t."externalId", 'messageId', m."id", 'messageExternalId', m."externalId"))`;

/**
 * The user's facts, current ones only unless `history`, newest statedAt
 * first (then id), at most `limit`, as JSON Fact objects.
 */
export const FACTS = statement<{ organizationId: number; userId: number; history: boolean; limit: number }, { facts: FactView[] }>(
  "facts",
  `
    SELECT COALESCE(json_agg(listed."fact" ORDER BY listed."statedAt" DESC, listed."id" DESC), '[]') AS "facts"
    FROM (
      SELECT f."id", f."statedAt", ${factJson} AS "fact"
      FROM "Fact" f
      JOIN "Thread" t ON t."id" = f."threadId"
      JOIN "Message" m ON m."id" = f."messageId"
      WHERE f."organizationId" = :organizationId AND f."externalUserId" = :userId AND (:history::boolean OR f."invalidAt" IS NULL)
      ORDER BY f."statedAt" DESC, f."id" DESC
      LIMIT :limit::int) listed`,
);

export interface ContextFact {
  id: Fact["id"];
  subject: Fact["subject"];
  text: Fact["text"];
  statedAt: IsoTimestamp;
}

/**
 * The user's current facts (at most `limit`), those most related to the
 * words of `q` first when it is given (ranked in their source message's language, by any of the
 * words: plainto_tsquery's & made |), then newest first; the summary of the user's latest thread that has one (as the memory lookup);
 * and the statements the user asked to forget (FactForgotten's keys), which the context leaves out of that summary too.
 */
export const CONTEXT = statement<{ organizationId: number; userId: number; q: string | null; limit: number }, { facts: ContextFact[]; summary: string | null; forgotten: string[] }>(
  "context",
  `
    SELECT
      COALESCE((
        SELECT json_agg(json_build_object('id', c."id", 'subject', c."subject", 'text', c."text", 'statedAt', ${iso('c."statedAt"')})
                        ORDER BY c."rank" DESC, c."statedAt" DESC, c."id" DESC)
        FROM (
          SELECT f."id", f."subject", f."text", f."statedAt",
                 CASE WHEN :q::text IS NULL THEN 0
                      ELSE ts_rank(message_search_vector(m."language", f."subject" || ' ' || f."text"),
                                   replace(message_search_query(m."language", :q::text)::text, ' & ', ' | ')::tsquery) END AS "rank"
          FROM "Fact" f JOIN "Message" m ON m."id" = f."messageId"
          WHERE f."organizationId" = :organizationId AND f."externalUserId" = :userId AND f."invalidAt" IS NULL
          ORDER BY "rank" DESC, f."statedAt" DESC, f."id" DESC
          LIMIT :limit::int) c), '[]') AS "facts",
      (SELECT "summary" FROM "Thread"
       WHERE "organizationId" = :organizationId AND "externalUserId" = :userId AND "summary" <> ''
       ORDER BY "createdAt" DESC, "id" DESC LIMIT 1) AS "summary",
      ARRAY(SELECT "statement" FROM "FactForgotten" WHERE "organizationId" = :organizationId AND "externalUserId" = :userId) AS "forgotten"`,
);

export interface SearchResult {
  threadId: number;
  threadExternalId: string | null;
  messageId: number;
  messageExternalId: string | null;
  /** Only the user's own messages are searched. */
  role: "user";
  createdAt: IsoTimestamp;
  snippet: string;
  score: number;
}

/** A tsquery of `q`'s words in every language search knows: what the GIN index can look up before the language of each message is known. */
const anyLanguageQuery = STEMMED_CONFIGS.map((config) => `plainto_tsquery('${config}'::regconfig, :q::text)`).join(" || ");

/** The marks of the match in a long message's passage (SEARCH_MESSAGES), which facts.ts's snippet cuts around. */
export const MATCH_START = "\u0002";
export const MATCH_STOP = "\u0003";
const headlineOptions = (more: string) => `'StartSel=' || chr(2) || ',StopSel=' || chr(3) || ',${more}'`;

/**
 * The user's own messages matching the words of `q` in the message's
 * language (stemmed where it is known), best first (ts_rank, then newer), at most `limit`, each with a
 * snippet: the whole message when it is at most `snippetLimit` characters, else a passage around the match, the
 * match between MATCH_START and MATCH_STOP, for facts.ts to cut to `snippetLimit` characters around it
 * (ts_headline's best passage when it holds a match, which it does not after a giant word, else the message around its first match). The user's threads are given as an array, so that PostgreSQL can AND two
 * bitmaps before it reads a row: the messages of those threads (a btree) and those matching the
 * words in any language (the GIN index); each such message is then matched in its own language.
 * Planned by the thread's join instead, it computed the tsvector of every message of the user.
 */
export const SEARCH_MESSAGES = statement<{ organizationId: number; userId: number; q: string; limit: number; snippetLimit: number }, SearchResult>(
  "search_messages",
  `
    SELECT found."threadId", t."externalId" AS "threadExternalId", found."id" AS "messageId", found."externalId" AS "messageExternalId",
           found."role", ${iso('found."createdAt"')} AS "createdAt",
           CASE WHEN char_length(found."content") <= :snippetLimit::int THEN found."content"
                ELSE (SELECT CASE WHEN strpos(best, chr(2)) > 0 THEN best
                                  ELSE (SELECT substring(every FROM greatest(1, strpos(every, chr(2)) - 1000) FOR 2500)
                                        FROM ts_headline(message_search_config(found."language"), plain, found."query", ${headlineOptions("HighlightAll=true")}) every) END
                      FROM translate(found."content", chr(2) || chr(3), '  ') plain,
                           ts_headline(message_search_config(found."language"), plain, found."query", ${headlineOptions("MaxWords=40,MinWords=15,ShortWord=2,MaxFragments=1")}) best)
                END AS "snippet",
           found."score"
    FROM (
      SELECT m."id", m."threadId", m."externalId", m."role", m."createdAt", m."content", m."language", q."query",
             ts_rank(message_search_vector(m."language", m."content"), q."query")::float8 AS "score"
      FROM "Message" m
      CROSS JOIN LATERAL (SELECT message_search_query(m."language", :q::text) AS "query") q
      WHERE m."organizationId" = :organizationId AND m."role" = 'user'
        AND m."threadId" = ANY ((SELECT array_agg("id") FROM "Thread" WHERE "organizationId" = :organizationId AND "externalUserId" = :userId)::int[])
        AND message_search_vector(m."language", m."content") @@ (${anyLanguageQuery})
        AND message_search_vector(m."language", m."content") @@ q."query"
      ORDER BY "score" DESC, m."createdAt" DESC, m."id" DESC
      LIMIT :limit::int) found
    JOIN "Thread" t ON t."id" = found."threadId"
    ORDER BY found."score" DESC, found."createdAt" DESC, found."id" DESC`,
);

/** `organizationId` organization, `userId` user id: the user's row, locked as Create Thread's upsert locks it, so that refining and keeping facts take turns. */
export const LOCK_USER = statement<{ organizationId: number; userId: number }, { id: ExternalUser["id"] }>("lock_user", `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = :organizationId AND "id" = :userId FOR UPDATE`);

/** `organizationId` organization: the facts whose source is one of the messages `messageIds`. */
export const MESSAGE_FACTS = statement<{ organizationId: number; messageIds: number[] }, Pick<Fact, "id" | "subject" | "text" | "messageId">>("message_facts", `SELECT "id", "subject", "text", "messageId" FROM "Fact" WHERE "organizationId" = :organizationId AND "messageId" = ANY (:messageIds::int[])`);

/** `organizationId` organization, `userId` user id: the statements (statementKey) the user asked to forget on the subjects `subjects`. */
export const FORGOTTEN_STATEMENTS = statement<{ organizationId: number; userId: number; subjects: string[] }, { subject: string; statement: string }>("forgotten_statements", `SELECT "subject", "statement" FROM "FactForgotten" WHERE "organizationId" = :organizationId AND "externalUserId" = :userId AND "subject" = ANY (:subjects::text[])`);

export interface DroppedFact {
  /** The fact it superseded, which takes over its end (RELINK_FACT). */
  previousId: Fact["id"];
  /** Its invalidAt, as timestamp text. */
  invalidAt: string | null;
  supersededById: Fact["supersededById"];
}

/**
 * `organizationId` organization, `factId` fact: deleted (not forgotten: the same statement may be kept again). The
 * row, when it had superseded the fact stated just before it, names that one with its own end, for
 * RELINK_FACT (the foreign key has just cleared that fact's supersededById).
 */
export const DROP_FACT = statement<{ organizationId: number; factId: number }, DroppedFact>("drop_fact", `
    WITH gone AS (
      DELETE FROM "Fact" WHERE "organizationId" = :organizationId AND "id" = :factId
      RETURNING "id", "externalUserId", "subject", "statedAt", "messageId", "invalidAt", "supersededById"
    )
    SELECT previous."id" AS "previousId", gone."invalidAt"::text AS "invalidAt", gone."supersededById"
    FROM gone
    JOIN LATERAL (
      SELECT "id", "supersededById" FROM "Fact"
      WHERE "organizationId" = :organizationId AND "externalUserId" = gone."externalUserId" AND "subject" = gone."subject"
        AND ("statedAt", "messageId") < (gone."statedAt", gone."messageId")
      ORDER BY "statedAt" DESC, "messageId" DESC LIMIT 1) previous ON previous."supersededById" = gone."id"`);

/** `organizationId` organization, `factId` fact: ends at `invalidAt` (timestamp text, null: current again), superseded by fact `supersededById`. */
export const RELINK_FACT = statement<{ organizationId: number; factId: number; invalidAt: string | null; supersededById: number | null }, never>("relink_fact", `UPDATE "Fact" SET "invalidAt" = :invalidAt::timestamp(3), "supersededById" = :supersededById::int WHERE "organizationId" = :organizationId AND "id" = :factId`);
