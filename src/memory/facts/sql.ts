// The statements of user memory's facts and search (decisions.md, "User memory: facts across threads").
// A user's subject timeline is ordered by statedAt, the source message's createdAt.
import type { ExternalUser, Fact, Message } from "../../../generated/prisma/client.ts";
import type { Statement } from "../../db/driver.ts";
import type { IsoTimestamp } from "../../db/json.ts";
import { isoTimestampText as iso } from "../../db/sql.ts";

/** The languages whose words search stems (the migration's message_search_vector); any other is matched word for word. */
const STEMMED_CONFIGS = ["simple", "english", "german", "french", "spanish", "portuguese", "italian", "dutch"];

/**
 * $1 organization, $2 the user's externalId: the user's id, none when the organization has no such user.
 */
export const FACT_USER: Statement<{ id: ExternalUser["id"] }> = {
  name: "fact_user",
  text: `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2`,
};

export interface NewMessage {
  id: Message["id"];
  role: "user" | "assistant";
  content: Message["content"];
  createdAt: IsoTimestamp;
  language: Message["language"];
  userId: ExternalUser["id"];
}

/**
 * $1 organization, $2 thread: its user and assistant messages after message $3 up to $4 (those
 * one ingest added), each cut to $5 characters.
 */
export const NEW_MESSAGES: Statement<NewMessage> = {
  name: "new_messages",
  text: `
    SELECT m."id", m."role", left(m."content", $5::int) AS "content", ${iso('m."createdAt"')} AS "createdAt", m."language",
           t."externalUserId" AS "userId"
    FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
    WHERE m."organizationId" = $1 AND m."threadId" = $2 AND m."id" > $3 AND m."id" <= $4 AND m."role" IN ('user', 'assistant')
    ORDER BY m."id"`,
};

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
 * Where a statement of user $2 on subject $3 made in message $5 falls in the subject's timeline
 * (ordered by statedAt, then message, as src/memory/facts/supersede.ts): the fact stated just
 * before it and the one stated just after it, two index probes; whether the message already has
 * a fact of the subject; and whether the user asked to forget the statement $4 (its statementKey).
 */
export const FACT_NEIGHBOURS: Statement<FactNeighbours> = {
  name: "fact_neighbours",
  text: `
    WITH stated AS (SELECT "createdAt" AS "at" FROM "Message" WHERE "organizationId" = $1 AND "id" = $5)
    SELECT
      EXISTS (SELECT 1 FROM "FactForgotten"
              WHERE "organizationId" = $1 AND "externalUserId" = $2 AND "subject" = $3 AND "statement" = $4) AS "forgotten",
      EXISTS (SELECT 1 FROM "Fact" WHERE "messageId" = $5 AND "organizationId" = $1 AND "subject" = $3) AS "known",
      previous."id" AS "previousId", previous."text" AS "previousText", previous."invalidAt" IS NULL AS "previousCurrent",
      previous."supersededById" AS "previousSupersededById",
      next."id" AS "nextId", next."text" AS "nextText"
    FROM stated
    LEFT JOIN LATERAL (
      SELECT "id", "text", "invalidAt", "supersededById" FROM "Fact"
      WHERE "organizationId" = $1 AND "externalUserId" = $2 AND "subject" = $3 AND ("statedAt", "messageId") < (stated."at", $5)
      ORDER BY "statedAt" DESC, "messageId" DESC LIMIT 1) previous ON true
    LEFT JOIN LATERAL (
      SELECT "id", "text" FROM "Fact"
      WHERE "organizationId" = $1 AND "externalUserId" = $2 AND "subject" = $3 AND ("statedAt", "messageId") > (stated."at", $5)
      ORDER BY "statedAt", "messageId" LIMIT 1) next ON true`,
};

/** $1 organization, $2 fact: no longer current from the time of message $3 (frees the subject's current slot). */
export const CLOSE_FACT: Statement<never> = {
  name: "close_fact",
  text: `
    UPDATE "Fact" SET "invalidAt" = (SELECT "createdAt" FROM "Message" WHERE "organizationId" = $1 AND "id" = $3)
    WHERE "organizationId" = $1 AND "id" = $2`,
};

/**
 * Keeps the statement of user $2 on subject $3 with text $4 from message $5, stated at the
 * message's createdAt: superseded by fact $6 when one was stated after it (else current), and
 * superseding fact $7 (its invalidAt becomes this statedAt) when it is given.
 */
export const INSERT_FACT: Statement<{ id: Fact["id"] }> = {
  name: "insert_fact",
  text: `
    WITH source AS (
      SELECT "id", "threadId", "createdAt" FROM "Message" WHERE "organizationId" = $1 AND "id" = $5
    ), next AS (
      SELECT "id", "statedAt" FROM "Fact" WHERE "organizationId" = $1 AND "id" = $6::int
    ), added AS (
      INSERT INTO "Fact" ("organizationId", "externalUserId", "subject", "text", "statedAt", "invalidAt", "supersededById", "threadId", "messageId")
      SELECT $1, $2, $3, $4, source."createdAt", next."statedAt", next."id", source."threadId", source."id"
      FROM source LEFT JOIN next ON true
      RETURNING "id", "statedAt"
    ), superseded AS (
      UPDATE "Fact" f SET "invalidAt" = added."statedAt", "supersededById" = added."id"
      FROM added WHERE f."organizationId" = $1 AND f."id" = $7::int
    )
    SELECT "id" FROM added`,
};

/**
 * $1 organization, $2 fact: its subject, text and user, and its user's row locked, as Create Thread
 * locks it, so that forgetting and keeping facts take turns. No row: no such fact.
 */
export const LOCK_FACT: Statement<Pick<Fact, "subject" | "text" | "externalUserId">> = {
  name: "lock_fact",
  text: `
    SELECT f."subject", f."text", f."externalUserId" FROM "Fact" f JOIN "ExternalUser" u ON u."id" = f."externalUserId"
    WHERE f."organizationId" = $1 AND f."id" = $2
    FOR UPDATE OF u`,
};

/** $1 organization, $2 fact: deleted, and its statement $3 (statementKey) on its subject remembered as forgotten. */
export const FORGET_FACT: Statement<never> = {
  name: "forget_fact",
  text: `
    WITH gone AS (
      DELETE FROM "Fact" WHERE "organizationId" = $1 AND "id" = $2
      RETURNING "organizationId", "externalUserId", "subject"
    )
    INSERT INTO "FactForgotten" ("organizationId", "externalUserId", "subject", "statement")
    SELECT "organizationId", "externalUserId", "subject", $3 FROM gone
    ON CONFLICT DO NOTHING`,
};

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
 * $1 organization, $2 user id: the user's facts, current ones only unless $3, newest statedAt
 * first (then id), at most $4, as JSON Fact objects.
 */
export const FACTS: Statement<{ facts: FactView[] }> = {
  name: "facts",
  text: `
    SELECT COALESCE(json_agg(listed."fact" ORDER BY listed."statedAt" DESC, listed."id" DESC), '[]') AS "facts"
    FROM (
      SELECT f."id", f."statedAt", ${factJson} AS "fact"
      FROM "Fact" f
      JOIN "Thread" t ON t."id" = f."threadId"
      JOIN "Message" m ON m."id" = f."messageId"
      WHERE f."organizationId" = $1 AND f."externalUserId" = $2 AND ($3::boolean OR f."invalidAt" IS NULL)
      ORDER BY f."statedAt" DESC, f."id" DESC
      LIMIT $4::int) listed`,
};

export interface ContextFact {
  id: Fact["id"];
  subject: Fact["subject"];
  text: Fact["text"];
  statedAt: IsoTimestamp;
}

/**
 * $1 organization, $2 user id: the user's current facts (at most $4), those most related to the
 * words of $3 first when it is given (ranked in their source message's language, by any of the
 * words: plainto_tsquery's & made |), then newest first; and the summary of the user's latest thread that has one (as the memory lookup).
 */
export const CONTEXT: Statement<{ facts: ContextFact[]; summary: string | null }> = {
  name: "context",
  text: `
    SELECT
      COALESCE((
        SELECT json_agg(json_build_object('id', c."id", 'subject', c."subject", 'text', c."text", 'statedAt', ${iso('c."statedAt"')})
                        ORDER BY c."rank" DESC, c."statedAt" DESC, c."id" DESC)
        FROM (
          SELECT f."id", f."subject", f."text", f."statedAt",
                 CASE WHEN $3::text IS NULL THEN 0
                      ELSE ts_rank(message_search_vector(m."language", f."subject" || ' ' || f."text"),
                                   replace(message_search_query(m."language", $3::text)::text, ' & ', ' | ')::tsquery) END AS "rank"
          FROM "Fact" f JOIN "Message" m ON m."id" = f."messageId"
          WHERE f."organizationId" = $1 AND f."externalUserId" = $2 AND f."invalidAt" IS NULL
          ORDER BY "rank" DESC, f."statedAt" DESC, f."id" DESC
          LIMIT $4::int) c), '[]') AS "facts",
      (SELECT "summary" FROM "Thread"
       WHERE "organizationId" = $1 AND "externalUserId" = $2 AND "summary" <> ''
       ORDER BY "createdAt" DESC, "id" DESC LIMIT 1) AS "summary"`,
};

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

/** A tsquery of $3's words in every language search knows: what the GIN index can look up before the language of each message is known. */
const anyLanguageQuery = STEMMED_CONFIGS.map((config) => `plainto_tsquery('${config}'::regconfig, $3::text)`).join(" || ");

/**
 * $1 organization, $2 user id: the user's own messages matching the words of $3 in the message's
 * language (stemmed where it is known), best first (ts_rank, then newer), at most $4, each with a
 * snippet of at most $5 characters: the whole message when it is that short, else the passage
 * around the match. The user's threads are given as an array, so that PostgreSQL can AND two
 * bitmaps before it reads a row: the messages of those threads (a btree) and those matching the
 * words in any language (the GIN index); each such message is then matched in its own language.
 * Planned by the thread's join instead, it computed the tsvector of every message of the user.
 */
export const SEARCH_MESSAGES: Statement<SearchResult> = {
  name: "search_messages",
  text: `
    SELECT found."threadId", t."externalId" AS "threadExternalId", found."id" AS "messageId", found."externalId" AS "messageExternalId",
           found."role", ${iso('found."createdAt"')} AS "createdAt",
           CASE WHEN char_length(found."content") <= $5::int THEN found."content"
                ELSE left(ts_headline(message_search_config(found."language"), found."content", found."query",
                                      'StartSel="",StopSel="",MaxWords=40,MinWords=15,ShortWord=2,MaxFragments=1'), $5::int) END AS "snippet",
           found."score"
    FROM (
      SELECT m."id", m."threadId", m."externalId", m."role", m."createdAt", m."content", m."language", q."query",
             ts_rank(message_search_vector(m."language", m."content"), q."query")::float8 AS "score"
      FROM "Message" m
      CROSS JOIN LATERAL (SELECT message_search_query(m."language", $3::text) AS "query") q
      WHERE m."organizationId" = $1 AND m."role" = 'user'
        AND m."threadId" = ANY ((SELECT array_agg("id") FROM "Thread" WHERE "organizationId" = $1 AND "externalUserId" = $2)::int[])
        AND message_search_vector(m."language", m."content") @@ (${anyLanguageQuery})
        AND message_search_vector(m."language", m."content") @@ q."query"
      ORDER BY "score" DESC, m."createdAt" DESC, m."id" DESC
      LIMIT $4::int) found
    JOIN "Thread" t ON t."id" = found."threadId"
    ORDER BY found."score" DESC, found."createdAt" DESC, found."id" DESC`,
};

/** $1 organization, $2 user id: the user's row, locked as Create Thread's upsert locks it, so that refining and keeping facts take turns. */
export const LOCK_USER: Statement<{ id: ExternalUser["id"] }> = {
  name: "lock_user",
  text: `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = $1 AND "id" = $2 FOR UPDATE`,
};

/** $1 organization: the facts whose source is one of the messages $2. */
export const MESSAGE_FACTS: Statement<Pick<Fact, "id" | "subject" | "text" | "messageId">> = {
  name: "message_facts",
  text: `SELECT "id", "subject", "text", "messageId" FROM "Fact" WHERE "organizationId" = $1 AND "messageId" = ANY ($2::int[])`,
};

/** $1 organization, $2 user id: the statements (statementKey) the user asked to forget on the subjects $3. */
export const FORGOTTEN_STATEMENTS: Statement<{ subject: string; statement: string }> = {
  name: "forgotten_statements",
  text: `SELECT "subject", "statement" FROM "FactForgotten" WHERE "organizationId" = $1 AND "externalUserId" = $2 AND "subject" = ANY ($3::text[])`,
};

export interface DroppedFact {
  /** The fact it superseded, which takes over its end (RELINK_FACT). */
  previousId: Fact["id"];
  /** Its invalidAt, as timestamp text. */
  invalidAt: string | null;
  supersededById: Fact["supersededById"];
}

/**
 * $1 organization, $2 fact: deleted (not forgotten: the same statement may be kept again). The
 * row, when it had superseded the fact stated just before it, names that one with its own end, for
 * RELINK_FACT (the foreign key has just cleared that fact's supersededById).
 */
export const DROP_FACT: Statement<DroppedFact> = {
  name: "drop_fact",
  text: `
    WITH gone AS (
      DELETE FROM "Fact" WHERE "organizationId" = $1 AND "id" = $2
      RETURNING "id", "externalUserId", "subject", "statedAt", "messageId", "invalidAt", "supersededById"
    )
    SELECT previous."id" AS "previousId", gone."invalidAt"::text AS "invalidAt", gone."supersededById"
    FROM gone
    JOIN LATERAL (
      SELECT "id", "supersededById" FROM "Fact"
      WHERE "organizationId" = $1 AND "externalUserId" = gone."externalUserId" AND "subject" = gone."subject"
        AND ("statedAt", "messageId") < (gone."statedAt", gone."messageId")
      ORDER BY "statedAt" DESC, "messageId" DESC LIMIT 1) previous ON previous."supersededById" = gone."id"`,
};

/** $1 organization, $2 fact: ends at $3 (timestamp text, null: current again), superseded by fact $4. */
export const RELINK_FACT: Statement<never> = {
  name: "relink_fact",
  text: `UPDATE "Fact" SET "invalidAt" = $3::timestamp(3), "supersededById" = $4::int WHERE "organizationId" = $1 AND "id" = $2`,
};
