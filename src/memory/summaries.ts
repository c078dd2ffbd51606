import type { DriverQueries } from "../db/driver.ts";
import type { JsonText } from "../db/json.ts";
import { GET_MEMORY, REPLACE_SUMMARY, SUMMARY_STATE, type MemoryView } from "./sql.ts";

/** The memory of the user's most recent thread that has a summary; null when there is none or no such user (an id with a NUL, which no text stored holds, names none). */
export async function getMemory(db: DriverQueries, organizationId: number, userExternalId: string): Promise<JsonText<MemoryView> | null> {
  if (userExternalId.includes("\0")) return null;
  return (await db.rows(GET_MEMORY, { organizationId, userExternalId }))[0]?.memory ?? null;
}

export interface SummaryState {
  /** The last message the stored summary covers; null before the thread's first message. */
  summaryMessageId: number | null;
  lastMessageId: number | null;
}

/** One query: the thread's summary state and its last message id (a backward index probe). */
export async function summaryState(db: DriverQueries, organizationId: number, threadId: number): Promise<SummaryState | null> {
  const [row] = await db.rows(SUMMARY_STATE, { organizationId, threadId });
  return row ?? null;
}

/** Replaces the summary only while it still covers exactly the messages up to `messageId` (see REPLACE_SUMMARY). */
export async function replaceSummaryIfCurrent(
  db: DriverQueries,
  organizationId: number,
  threadId: number,
  summary: string,
  messageId: number,
): Promise<boolean> {
  return (await db.rows(REPLACE_SUMMARY, { organizationId, threadId, summary, summaryMessageId: messageId })).length > 0;
}
