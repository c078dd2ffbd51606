// The statements of memory: the lookup and the summary's reads and writes.
import type { ExternalUser, Message, Thread } from "../../generated/prisma/client.ts";
import { statement } from "../db/statement.ts";
import type { IsoTimestamp, JsonText } from "../db/json.ts";
import { isoTimestampText as iso } from "../db/sql.ts";

/** The memory lookup's answer (section 2.1 of the specification). */
export interface MemoryView {
  userExternalId: ExternalUser["externalId"];
  threadId: Thread["id"];
  threadExternalId: Thread["externalId"];
  summary: Thread["summary"];
  createdAt: IsoTimestamp;
}

/**
 * `userExternalId` the user's externalId: the user by its unique key, then the user's threads in the
 * order wanted (latest createdAt, then highest id) from their index, the first with a non-empty summary (the
 * latest, unless it has nothing to summarize). No thread of another user is read.
 * The answer is the MemorySummary as compact JSON text (row_to_json writes no spaces), sent as it is.
 */
export const GET_MEMORY = statement<{ organizationId: number; userExternalId: string }, { memory: JsonText<MemoryView> }>("get_memory", `
    SELECT row_to_json(memory)::text AS "memory" FROM (
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
      WHERE u."organizationId" = :organizationId AND u."externalId" = :userExternalId) memory`);

/** The last message the stored summary covers, and the thread's last message (a backward index probe). */
export const SUMMARY_STATE = statement<{ organizationId: number; threadId: number }, { summaryMessageId: Thread["summaryMessageId"]; lastMessageId: Message["id"] | null }>(
  "summary_state",
  `
    SELECT t."summaryMessageId",
           (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id") AS "lastMessageId"
    FROM "Thread" t
    WHERE t."organizationId" = :organizationId AND t."id" = :threadId`,
);

/** A row of CONVERSATION. */
export type ConversationRow = Pick<Message, "id" | "role" | "content"> & { opening: boolean };

/**
 * The summarizer's window of thread `threadId`'s user and assistant messages up to message `upToMessageId` (none when
 * it is null): the first `opening` and the last `recent` + 1, cut to `maxMessageChars` characters, in two index range
 * scans of a bounded length however long the thread. CONVERSATION, and part of Create Thread's INGEST_DETAILS.
 */
export const CONVERSATION_ROWS = `
    (SELECT "id", "role", left("content", :maxMessageChars::int) AS "content", true AS "opening"
     FROM "Message"
     WHERE "organizationId" = :organizationId AND "threadId" = :threadId AND "id" <= :upToMessageId AND "role" IN ('user', 'assistant')
     ORDER BY "id" ASC LIMIT :opening::int)
    UNION ALL
    (SELECT "id", "role", left("content", :maxMessageChars::int) AS "content", false AS "opening"
     FROM "Message"
     WHERE "organizationId" = :organizationId AND "threadId" = :threadId AND "id" <= :upToMessageId AND "role" IN ('user', 'assistant')
     ORDER BY "id" DESC LIMIT :recent::int + 1)`;

export const CONVERSATION = statement<{ organizationId: number; threadId: number; upToMessageId: number; opening: number; recent: number; maxMessageChars: number }, ConversationRow>(
  "conversation",
  CONVERSATION_ROWS,
);

/** Sets its summary `summary`, covering the messages up to `summaryMessageId`: part of Create Thread's FINISH_INGEST. */
export const WRITE_SUMMARY = `
    UPDATE "Thread" SET "summary" = :summary, "summaryMessageId" = :summaryMessageId, "summaryUpdatedAt" = now()
    WHERE "organizationId" = :organizationId AND "id" = :threadId`;

/**
 * Replaces the summary only while it still covers exactly the messages up to `summaryMessageId`. Every ingest
 * that adds messages sets summaryMessageId in its transaction, holding the thread's row lock from
 * its first statement, and PostgreSQL re-checks this condition on the newest row version after
 * such a transaction commits: a late answer never overwrites a newer summary.
 */
export const REPLACE_SUMMARY = statement<{ organizationId: number; threadId: number; summary: string; summaryMessageId: number | null }, { id: Thread["id"] }>(
  "replace_summary",
  `
    UPDATE "Thread" SET "summary" = :summary, "summaryUpdatedAt" = now()
    WHERE "organizationId" = :organizationId AND "id" = :threadId AND "summaryMessageId" = :summaryMessageId
    RETURNING "id"`,
);
