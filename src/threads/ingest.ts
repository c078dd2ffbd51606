import type { Database } from "../db/database.ts";
import type { DriverQueries } from "../db/driver.ts";
import { CREATE_THREAD, LINK_INTENTS, THREAD, THREAD_INTENT_COUNT } from "./sql.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { searchLanguages } from "../memory/facts/language.ts";
import type { FactExtractor } from "../memory/facts/extractor.ts";
import { keepFacts, type AddedRange } from "../memory/facts/keeper.ts";
import type { FactRefiner } from "../memory/facts/refiner.ts";
import type { SummaryKeeper } from "../memory/summaryKeeper.ts";
import { projectNotFound } from "../projects/projects.ts";
import { saveSegments, type UserInput } from "../users/users.ts";
import { recordEvent } from "../webhooks/events.ts";
import type { ThreadView } from "./views.ts";

type JsonObject = Record<string, unknown>;

export interface MessageInput {
  role: string;
  content: string;
  type?: string;
  externalId?: string;
  metadata?: JsonObject;
  jsonContent?: JsonObject;
  createdAt?: string;
}

export interface ThreadInput {
  externalUser: UserInput;
  externalId?: string;
  projectId?: number;
  metadata?: JsonObject;
  intents?: string[];
  messages?: MessageInput[];
}

/** A message's time as JavaScript's Date reads it (to the millisecond), in UTC. */
const messageForStatement = ({ createdAt, ...message }: MessageInput) => ({
  ...message,
  ...(createdAt === undefined ? {} : { createdAt: new Date(createdAt).toISOString() }),
});

/** The messages as CREATE_THREAD takes them, each user message with its language for search (guessed before the transaction). */
function withLanguages(messages: MessageInput[]) {
  const languages = searchLanguages(messages);
  return messages.map((message, index) => ({ ...messageForStatement(message), language: languages[index] }));
}

/** Links the thread to the named intents of its project, creating unknown ones; more than the limit is a 400. */
async function linkIntents(tx: DriverQueries, organizationId: number, projectId: number, threadId: number, names: string[]) {
  if (names.length === 0) return;
  await tx.rows(LINK_INTENTS, { organizationId, projectId, threadId, names: [...new Set(names)].sort() });
  const counted = tx.rows(THREAD_INTENT_COUNT, { organizationId, threadId }).then(([row]) => row!.count);
  await refuseOverLimit(counted, LIMITS.intentsPerThread, (limit) => invalidInput(`Invalid field 'intents': a thread has at most ${limit} intents`));
}

/** How the user's facts are kept: by `extractor` in the ingest transaction, then by `refiner` (if any) after commit. */
export interface FactKeeping {
  extractor: FactExtractor;
  refiner?: FactRefiner;
}

/**
 * Create Thread: creates the thread or appends to the one with the same externalId, in one
 * transaction that also answers with the thread, and keeps the thread's memory summary and the
 * user's facts current: the built-in summary and facts inside that transaction (with the thread's
 * last message and the one its summary covers), the refined summary and facts after it commits.
 */
export async function createThread(
  { driver }: Pick<Database, "driver">,
  summaries: SummaryKeeper,
  organizationId: number,
  input: ThreadInput,
  facts?: FactKeeping,
): Promise<{ thread: ThreadView; created: boolean }> {
  const { externalUser: user } = input;
  let summarized = false;
  let factRange: AddedRange | null = null;
  const result = await driver.transaction(async (tx) => {
    const [written] = await tx.rows(CREATE_THREAD, {
      organizationId,
      projectId: input.projectId ?? null,
      userExternalId: user.externalId,
      userName: user.name ?? null,
      userEmail: user.email ?? null,
      userUsername: user.username ?? null,
      threadExternalId: input.externalId ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
      messages: JSON.stringify(withLanguages(input.messages ?? [])),
    });
    if (!written) throw projectNotFound();
    const { threadId, created, projectId, userId, summaryMessageId, lastMessageId } = written;
    await saveSegments(tx, organizationId, userId, user.segments ?? {});
    await linkIntents(tx, organizationId, projectId, threadId, input.intents ?? []);
    const state = { summaryMessageId, lastMessageId };
    summarized = await summaries.summarizeNow(tx, organizationId, threadId, state);
    if (facts) factRange = await keepFacts(tx, facts.extractor, organizationId, threadId, state);
    const { thread } = (await tx.rows(THREAD, { organizationId, threadId }))[0]!;
    await recordEvent(tx, organizationId, { type: created ? "thread.created" : "thread.updated", thread });
    return { thread, created };
  });
  if (summarized) summaries.refineLater(organizationId, result.thread.id);
  if (factRange) facts?.refiner?.refineLater(organizationId, result.thread.id, factRange);
  return result;
}
