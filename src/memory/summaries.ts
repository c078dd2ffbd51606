import type { Db } from "../db/types.ts";

export interface SummaryState {
  /** The last message the stored summary covers; null before the thread's first message. */
  summaryMessageId: number | null;
  lastMessageId: number | null;
}

/** One query: the thread's summary state and its last message id (a backward index probe). */
export async function summaryState(db: Db, organizationId: number, threadId: number): Promise<SummaryState | null> {
  const [row] = await db.$queryRaw<SummaryState[]>`
    SELECT t."summaryMessageId",
           (SELECT max(m."id") FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id") AS "lastMessageId"
    FROM "Thread" t
    WHERE t."organizationId" = ${organizationId} AND t."id" = ${threadId}`;
  return row ?? null;
}

export async function writeSummary(db: Db, organizationId: number, threadId: number, summary: string, messageId: number) {
  await db.$executeRaw`
    UPDATE "Thread" SET "summary" = ${summary}, "summaryMessageId" = ${messageId}, "summaryUpdatedAt" = now()
    WHERE "organizationId" = ${organizationId} AND "id" = ${threadId}`;
}

/**
 * Replaces the summary only while it still covers exactly the messages up to `messageId`. Every
 * ingest that adds messages sets summaryMessageId in its transaction, holding the thread's row
 * lock from its first statement, and PostgreSQL re-checks this condition on the newest row
 * version after such a transaction commits: a late answer never overwrites a newer summary.
 */
export async function replaceSummaryIfCurrent(
  db: Db,
  organizationId: number,
  threadId: number,
  summary: string,
  messageId: number,
): Promise<boolean> {
  const updated = await db.$executeRaw`
    UPDATE "Thread" SET "summary" = ${summary}, "summaryUpdatedAt" = now()
    WHERE "organizationId" = ${organizationId} AND "id" = ${threadId} AND "summaryMessageId" = ${messageId}`;
  return updated > 0;
}
