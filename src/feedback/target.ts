import type { DriverQueries } from "../db/driver.ts";
import { FEEDBACK_TARGET } from "./sql.ts";
import { conflict, notFound } from "../errors.ts";

export interface TargetInput {
  externalThreadId: string;
  externalMessageId?: string;
  projectId?: number;
  /** Attribute name to option name. */
  attributes?: Record<string, string>;
}

/** The message feedback is given on, with what the rest of the call needs of its thread. */
export interface FeedbackTarget {
  threadId: number;
  projectId: number;
  /** The thread's user: the giver when the request names none. */
  threadUserId: number;
  messageId: number;
  messageExternalId: string | null;
  /** Attribute name to the id of the option named for it (null: no such option), for the attributes the project has. */
  options: Record<string, number | null>;
}

/** The 409 of an externalThreadId that several projects have, when no projectId narrows it. */
export const ambiguousThread = (externalThreadId: string) =>
  conflict(`Several threads have externalThreadId '${externalThreadId}' in different projects: send projectId`);

/**
 * The thread is found by (organization, externalThreadId), narrowed by projectId: none is a 404,
 * several (the same externalId in several projects) a 409 asking for projectId. The message is
 * the named one, or the thread's last (messages keep arrival order: the highest id). With the
 * options the attributes name in the thread's project, in one statement.
 */
export async function findFeedbackTarget(db: DriverQueries, organizationId: number, input: TargetInput): Promise<FeedbackTarget> {
  const selection = Object.entries(input.attributes ?? {});
  const [thread, another] = await db.rows(FEEDBACK_TARGET, {
    organizationId,
    threadExternalId: input.externalThreadId,
    projectId: input.projectId ?? null,
    messageExternalId: input.externalMessageId ?? null,
    attributeNames: selection.map(([attribute]) => attribute),
    optionNames: selection.map(([, option]) => option),
  });
  if (!thread) throw notFound("Thread not found");
  if (another) throw ambiguousThread(input.externalThreadId);
  const { messageId } = thread;
  if (messageId === null) throw notFound(input.externalMessageId === undefined ? "Message not found: the thread has no messages" : "Message not found");
  return { ...thread, messageId };
}
