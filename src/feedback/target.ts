import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../db/types.ts";
import { conflict, notFound } from "../errors.ts";

export interface TargetInput {
  externalThreadId: string;
  externalMessageId?: string;
  projectId?: number;
}

/** The message feedback is given on, with what the rest of the call needs of its thread. */
export interface FeedbackTarget {
  threadId: number;
  projectId: number;
  /** The thread's user: the giver when the request names none. */
  threadUserId: number;
  messageId: number;
}

/**
 * The thread is found by (organization, externalThreadId), narrowed by projectId: none is a 404,
 * several (the same externalId in several projects) a 409 asking for projectId. The message is
 * the named one, or the thread's last (messages keep arrival order: the highest id). One query.
 */
export async function findFeedbackTarget(db: Db, organizationId: number, input: TargetInput): Promise<FeedbackTarget> {
  const inProject = input.projectId === undefined ? Prisma.empty : Prisma.sql`AND t."projectId" = ${input.projectId}`;
  const named = input.externalMessageId === undefined ? Prisma.empty : Prisma.sql`AND m."externalId" = ${input.externalMessageId}`;
  const threads = await db.$queryRaw<{ threadId: number; projectId: number; threadUserId: number; messageId: number | null }[]>`
    SELECT t."id" AS "threadId", t."projectId", t."externalUserId" AS "threadUserId", m."id" AS "messageId"
    FROM "Thread" t
    LEFT JOIN LATERAL (
      SELECT m."id" FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" ${named}
      ORDER BY m."id" DESC
      LIMIT 1
    ) m ON true
    WHERE t."organizationId" = ${organizationId} AND t."externalId" = ${input.externalThreadId} ${inProject}
    LIMIT 2`;
  const [thread, another] = threads;
  if (!thread) throw notFound("Thread not found");
  if (another) {
    throw conflict(`Several threads have externalThreadId '${input.externalThreadId}' in different projects: send projectId`);
  }
  const { messageId } = thread;
  if (messageId === null) throw notFound(input.externalMessageId === undefined ? "Message not found: the thread has no messages" : "Message not found");
  return { threadId: thread.threadId, projectId: thread.projectId, threadUserId: thread.threadUserId, messageId };
}
