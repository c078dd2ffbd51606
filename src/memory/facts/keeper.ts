import type { DriverQueries } from "../../db/driver.ts";
import { type ExtractedFact, type FactExtractor, type FactMessage, MAX_FACT_TEXT, KNOWN_SUBJECTS } from "./extractor.ts";
import { type AddedMessage, CLOSE_FACT, FACTS_NEIGHBOURS, type FactNeighbours, INSERT_FACT, NEW_MESSAGES, USER_KNOWN_FACTS } from "./sql.ts";
import { statementKey } from "./supersede.ts";
import { recordEvent } from "../../webhooks/events.ts";
import type { LocalWorker } from "../../webhooks/handoff.ts";

/** A subject is at most this long (openapi.yaml). */
const SUBJECT_LIMIT = 100;

/** A fact as it is kept: its text and subject cut to their limits, and its statementKey. */
interface KeptFact {
  text: string;
  subject: string;
  key: string;
  messageId: number;
}

/**
 * Keeps the statement in the user's timeline of its subject, as `place` of ./supersede.ts does,
 * given where it falls (`place`, FACTS_NEIGHBOURS): it becomes current when nothing was said on the
 * subject after it (closing the current fact), else history superseded by the next statement. A
 * statement the message already made, one that says the same as the fact stated just before or
 * just after it, and one the user asked to forget add nothing. True when it added the fact.
 */
async function keepFact(tx: DriverQueries, organizationId: number, userId: number, fact: KeptFact, place: FactNeighbours | undefined): Promise<boolean> {
  if (!place || place.forgotten || place.known) return false;
  if ([place.previousText, place.nextText].some((said) => said !== null && statementKey(said) === fact.key)) return false;
  if (place.previousCurrent && place.previousId !== null) await tx.rows(CLOSE_FACT, { organizationId, factId: place.previousId, messageId: fact.messageId });
  // The fact stated before is current, or was closed by the next one: this one closes it now.
  // One closed by a fact since forgotten keeps its end.
  const supersedes = place.previousCurrent || (place.nextId !== null && place.previousSupersededById === place.nextId) ? place.previousId : null;
  const { subject, text, messageId } = fact;
  await tx.rows(INSERT_FACT, { organizationId, userId, subject, text, messageId, supersededById: place.nextId, supersedesId: supersedes });
  return true;
}

/**
 * Keeps `facts` of user `userId` (from the messages of `statedAt`, each message's time) in the
 * order they were said, so that within one thread the later one wins. True when one was added.
 * Where each falls is read for all of them at once; a fact of a subject this call has already
 * written to is placed again, with those after it, in the timeline as it now is.
 */
export async function keepStatedFacts(
  tx: DriverQueries,
  organizationId: number,
  userId: number,
  facts: readonly ExtractedFact[],
  statedAt: ReadonlyMap<number, number>,
): Promise<boolean> {
  const ordered = facts.filter((fact) => statedAt.has(fact.messageId));
  ordered.sort((a, b) => statedAt.get(a.messageId)! - statedAt.get(b.messageId)! || a.messageId - b.messageId);
  let pending: KeptFact[] = ordered.flatMap((fact) => {
    const text = fact.text.trim().slice(0, MAX_FACT_TEXT);
    const subject = fact.subject.trim().slice(0, SUBJECT_LIMIT);
    const key = statementKey(text);
    return key && subject ? [{ text, subject, key, messageId: fact.messageId }] : [];
  });
  let added = false;
  while (pending.length > 0) {
    const places = new Map(
      (
        await tx.rows(FACTS_NEIGHBOURS, {
          organizationId,
          userId,
          subjects: pending.map((fact) => fact.subject),
          statements: pending.map((fact) => fact.key),
          messageIds: pending.map((fact) => fact.messageId),
        })
      ).map((place) => [place.position - 1, place]),
    );
    const written = new Set<string>();
    let next = 0;
    for (; next < pending.length && !written.has(pending[next]!.subject); next++) {
      const fact = pending[next]!;
      if (await keepFact(tx, organizationId, userId, fact, places.get(next))) {
        written.add(fact.subject);
        added = true;
      }
    }
    pending = pending.slice(next);
  }
  return added;
}

/** User `userId`'s current facts of the KNOWN_SUBJECTS, subject → text (FactExtractor's `known`). */
export async function knownFacts(db: DriverQueries, organizationId: number, userId: number): Promise<Map<string, string>> {
  const [row] = await db.rows(USER_KNOWN_FACTS, { organizationId, userId, knownSubjects: [...KNOWN_SUBJECTS] });
  return new Map(Object.entries(row!.facts));
}

/** The extractor reads at most this much of a message (ADDED_MESSAGE_ROWS' `factMessageChars`). */
export const FACT_MESSAGE_CHARS = 20_000;

/** The messages one ingest added as extractors read them, and when each user message was said. */
function factMessages(added: readonly AddedMessage[]) {
  const messages: FactMessage[] = added.map(({ id, role, content, createdAt, language }) => ({
    id,
    role,
    content,
    createdAt: new Date(createdAt),
    ...(language ? { language } : {}),
  }));
  const statedAt = new Map(messages.flatMap((message) => (message.role === "user" ? [[message.id, message.createdAt.getTime()] as const] : [])));
  return { messages, statedAt };
}

/** The messages one ingest added (after message `after`, up to `upTo`), as extractors read them; `userId` is the thread's user. */
export async function addedMessages(db: DriverQueries, organizationId: number, threadId: number, after: number, upTo: number) {
  const added = await db.rows(NEW_MESSAGES, { organizationId, threadId, afterMessageId: after, upToMessageId: upTo, factMessageChars: FACT_MESSAGE_CHARS });
  return { ...factMessages(added), userId: added[0]?.userId };
}

/** The messages of one ingest, for the background refinement of their facts. */
export interface AddedRange {
  after: number;
  upTo: number;
}

/**
 * In Create Thread's transaction: the facts the extractor finds in the user messages `added` (those
 * of `range`, read by INGEST_DETAILS, with the user's current facts of the KNOWN_SUBJECTS, `known`) join the facts of user `userId`, the thread's. True when
 * there were user messages (a refiner then reads the range again after commit).
 * The extractor reads only the messages this ingest added (the assistant's among them, for the
 * questions the user answers); the database reads only the timelines of the subjects found. The
 * user's row is locked by the ingest's upsert from its first statement, so concurrent ingests of
 * one user take turns here.
 */
export async function keepFacts(
  tx: DriverQueries,
  extractor: FactExtractor,
  organizationId: number,
  userId: number,
  added: readonly AddedMessage[],
  known: Readonly<Record<string, string>>,
  localWorker: LocalWorker | undefined,
): Promise<boolean> {
  const { messages, statedAt } = factMessages(added);
  if (statedAt.size === 0) return false;
  // Only the user's messages state facts.
  if (await keepStatedFacts(tx, organizationId, userId, await extractor.extract(messages, undefined, new Map(Object.entries(known))), statedAt)) {
    await recordEvent(tx, organizationId, { type: "memory.facts_changed", userId }, localWorker);
  }
  return true;
}
