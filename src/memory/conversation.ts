import type { Db } from "../db/types.ts";
import type { Conversation, ConversationMessage, ConversationWindow } from "../summarizer/summarizer.ts";

interface MessageRow extends ConversationMessage {
  id: number;
  opening: boolean;
}

/**
 * The window of the thread's user and assistant messages up to `upToMessageId`: two index range
 * scans of a bounded length, however long the thread. One message more than the window is read
 * from the end: when it is not one of the opening messages, something was left out.
 */
export async function loadConversation(
  db: Db,
  organizationId: number,
  threadId: number,
  window: ConversationWindow,
  upToMessageId: number,
): Promise<Conversation> {
  const rows = await db.$queryRaw<MessageRow[]>`
    (SELECT "id", "role", left("content", ${window.maxMessageChars}::int) AS "content", true AS "opening"
     FROM "Message"
     WHERE "organizationId" = ${organizationId} AND "threadId" = ${threadId} AND "id" <= ${upToMessageId}
       AND "role" IN ('user', 'assistant')
     ORDER BY "id" ASC LIMIT ${window.opening}::int)
    UNION ALL
    (SELECT "id", "role", left("content", ${window.maxMessageChars}::int) AS "content", false AS "opening"
     FROM "Message"
     WHERE "organizationId" = ${organizationId} AND "threadId" = ${threadId} AND "id" <= ${upToMessageId}
       AND "role" IN ('user', 'assistant')
     ORDER BY "id" DESC LIMIT ${window.recent + 1}::int)`;
  const opening = rows.filter((row) => row.opening);
  const recent = rows.filter((row) => !row.opening).reverse();
  const lastOpeningId = opening.at(-1)?.id ?? 0;
  const beyondWindow = recent.length > window.recent ? recent.shift() : undefined;
  const byId = new Map([...opening, ...recent].map((row) => [row.id, row]));
  return {
    messages: [...byId.values()].sort((a, b) => a.id - b.id).map(({ role, content }) => ({ role, content })),
    truncated: beyondWindow !== undefined && beyondWindow.id > lastOpeningId,
  };
}
