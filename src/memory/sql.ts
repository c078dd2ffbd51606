// The statements of memory: the lookup and the summary's reads and writes.
import type { ExternalUser, Message, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "../db/driver.ts";
import type { IsoTimestamp } from "../db/json.ts";
import { isoTimestampText as iso } from "../db/sql.ts";

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
