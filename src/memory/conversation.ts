import type { DriverQueries } from "../db/driver.ts";
import { CONVERSATION, type ConversationRow } from "./sql.ts";
import type { Conversation, ConversationMessage, ConversationWindow } from "../summarizer/summarizer.ts";

/**
 * The conversation of the rows CONVERSATION_ROWS read for `window`. One message more than the
 * window is read from the end: when it is not one of the opening messages, something was left out.
 */
export function conversationOf(rows: readonly ConversationRow[], window: ConversationWindow): Conversation {
  const byArrival = [...rows].sort((a, b) => a.id - b.id);
  const opening = byArrival.filter((row) => row.opening);
  const recent = byArrival.filter((row) => !row.opening);
  const lastOpeningId = opening.at(-1)?.id ?? 0;
  const beyondWindow = recent.length > window.recent ? recent.shift() : undefined;
  const byId = new Map([...opening, ...recent].map((row) => [row.id, row]));
  return {
    messages: [...byId.values()].sort((a, b) => a.id - b.id).map(({ role, content }) => ({ role, content }) as ConversationMessage),
    truncated: beyondWindow !== undefined && beyondWindow.id > lastOpeningId,
  };
}

/** The window of the thread's user and assistant messages up to `upToMessageId`: two index range scans of a bounded length, however long the thread. */
export async function loadConversation(
  db: DriverQueries,
  organizationId: number,
  threadId: number,
  window: ConversationWindow,
  upToMessageId: number,
): Promise<Conversation> {
  const rows = await db.rows(CONVERSATION, { organizationId, threadId, upToMessageId, opening: window.opening, recent: window.recent, maxMessageChars: window.maxMessageChars });
  return conversationOf(rows, window);
}
