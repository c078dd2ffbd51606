import type { Database } from "../db/database.ts";
import type { DriverQueries } from "../db/driver.ts";
import { CREATE_THREAD, FINISH_INGEST, INGEST_DETAILS, INTENT_COUNT, THREAD_METADATA_LIMIT } from "./sql.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { conversationOf } from "../memory/conversation.ts";
import { searchLanguages } from "../memory/facts/language.ts";
import { lockOrganizationCount } from "../organizations/limits.ts";
import { KNOWN_SUBJECTS, type FactExtractor } from "../memory/facts/extractor.ts";
import { FACT_MESSAGE_CHARS, keepFacts, type AddedRange } from "../memory/facts/keeper.ts";
import type { FactRefiner } from "../memory/facts/refiner.ts";
import type { SummaryKeeper } from "../memory/summaryKeeper.ts";
import { projectNotFound } from "../projects/projects.ts";
import { BUILTIN_WINDOW, summarizeConversation } from "../summarizer/builtin.ts";
import { refuseSegmentsOverLimits, segmentNames, type UserInput } from "../users/users.ts";
import { outboxLease, type LocalWorker } from "../webhooks/handoff.ts";
import type { JsonText } from "../db/json.ts";
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

/**
 * INGEST_DETAILS of the thread CREATE_THREAD wrote: the user's segments and the thread's intents set (over a limit,
 * a 400), and the messages the memory reads when the ingest `added` any; nothing at all when there is nothing to do.
 */
async function writeDetails(
  tx: DriverQueries,
  organizationId: number,
  { userId, projectId, threadId }: { userId: number; projectId: number; threadId: number },
  input: ThreadInput,
  added: AddedRange | null,
  readFacts: boolean,
) {
  const segments = input.externalUser.segments ?? {};
  const intentNames = [...new Set(input.intents ?? [])].sort();
  if (Object.keys(segments).length === 0 && intentNames.length === 0 && !added) return { conversation: [], added: [], knownFacts: {} };
  const [details] = await tx.rows(INGEST_DETAILS, {
    organizationId,
    userId,
    ...segmentNames(segments),
    projectId,
    threadId,
    intentNames,
    upToMessageId: added?.upTo ?? null,
    ...BUILTIN_WINDOW,
    afterMessageId: readFacts ? (added?.after ?? null) : null,
    factMessageChars: FACT_MESSAGE_CHARS,
    knownSubjects: readFacts && added ? [...KNOWN_SUBJECTS] : [],
  });
  const { segmentsCreated, segmentsHeld, intentsHeld, intentsCreated } = details!;
  if (Object.keys(segments).length > 0) await refuseSegmentsOverLimits(tx, organizationId, { created: segmentsCreated, held: segmentsHeld }, "externalUser.segments");
  if (intentsHeld > LIMITS.intentsPerThread) throw invalidInput(`Invalid field 'intents': a thread has at most ${LIMITS.intentsPerThread} intents`);
  if (intentsCreated) {
    await lockOrganizationCount(tx, organizationId, "intents");
    const counted = tx.rows(INTENT_COUNT, { organizationId }).then(([intents]) => intents!.count);
    await refuseOverLimit(counted, LIMITS.intentsPerOrganization, (limit) => invalidInput(`Invalid field 'intents': an organization has at most ${limit} intents`));
  }
  return details!;
}

/** How the user's facts are kept: by `extractor` in the ingest transaction, then by `refiner` (if any) after commit. */
export interface FactKeeping {
  extractor: FactExtractor;
  refiner?: FactRefiner;
}

/**
 * Create Thread: creates the thread or appends to the one with the same externalId, in one
 * transaction that also answers with the thread, and keeps the thread's memory summary and the
 * user's facts current: the built-in summary and facts inside that transaction (of the messages
 * after the last one its summary covers), the refined summary and facts after it commits.
 * Three statements when no fact changes: the writes (CREATE_THREAD), the segments, intents and what
 * the memory reads (INGEST_DETAILS), and the summary with the answer (FINISH_INGEST).
 */
export async function createThread(
  { driver }: Pick<Database, "driver">,
  summaries: SummaryKeeper,
  organizationId: number,
  input: ThreadInput,
  facts?: FactKeeping,
  localWorker?: LocalWorker,
): Promise<{ thread: JsonText<ThreadView>; threadId: number; created: boolean }> {
  const { externalUser: user } = input;
  let added: AddedRange | null = null;
  let factsKept = false;
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
    if (written.metadataTooLong) throw invalidInput(`Invalid field 'metadata': a thread's metadata is at most ${THREAD_METADATA_LIMIT} characters of JSON, with what earlier calls merged in`);
    const { threadId, created, userId, summaryMessageId, lastMessageId } = written;
    // No message added (a retry, or a metadata-only append): the summary, a refined one too, stays.
    added = lastMessageId === null || lastMessageId === summaryMessageId ? null : { after: summaryMessageId ?? 0, upTo: lastMessageId };
    const details = await writeDetails(tx, organizationId, written, input, added, facts !== undefined);
    const summary = added ? summarizeConversation(conversationOf(details.conversation, BUILTIN_WINDOW)) : null;
    factsKept = facts !== undefined && (await keepFacts(tx, facts.extractor, organizationId, userId, details.added, details.knownFacts, localWorker));
    const type = created ? "thread.created" : "thread.updated";
    const lease = outboxLease(tx, localWorker);
    const changed = created || added !== null;
    const [finished] = await tx.rows(FINISH_INGEST, { organizationId, threadId, summary, summaryMessageId: added?.upTo ?? null, type, changed, leaseMs: lease.leaseMs });
    lease.handOff(finished!.deliveries);
    return { thread: finished!.thread, threadId, created };
  });
  if (added) summaries.refineLater(organizationId, result.threadId);
  if (added && factsKept) facts?.refiner?.refineLater(organizationId, result.threadId, added);
  return result;
}
