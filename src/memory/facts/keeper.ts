import type { DriverQueries } from "../../db/driver.ts";
import { guessLanguage } from "../../summarizer/language.ts";
import type { SummaryState } from "../summaries.ts";
import type { ExtractedFact, FactExtractor, FactMessage } from "./extractor.ts";
import { CLOSE_FACT, FACT_NEIGHBOURS, INSERT_FACT, NEW_USER_MESSAGES, SET_MESSAGE_LANGUAGES } from "./sql.ts";

/** A fact's text is at most this long (decisions.md), its subject at most this (openapi.yaml); the extractor reads at most this much of a message. */
const FACT_TEXT_LIMIT = 300;
const SUBJECT_LIMIT = 100;
const MESSAGE_READ_LIMIT = 20_000;

/** Languages a message is searched in (the migration's message_search_vector); others are matched word for word. */
const SEARCH_LANGUAGES = new Set(["en", "de", "fr", "es", "pt", "it", "nl"]);

/**
 * Each message's language for search: its own guess, else that of everything the user wrote in
 * this ingest (a short message says too little on its own).
 */
function languagesOf(messages: readonly { content: string }[]): (string | undefined)[] {
  const known = (language: string | undefined) => (language && SEARCH_LANGUAGES.has(language) ? language : undefined);
  let together: string | undefined | null = null;
  return messages.map(({ content }) => {
    const own = known(guessLanguage(content));
    if (own) return own;
    together ??= known(guessLanguage(messages.map((message) => message.content).join("\n")));
    return together;
  });
}

/**
 * Keeps the statement in the user's timeline of its subject, ordered by statedAt: it becomes
 * current when nothing later was said on the subject (closing the current fact), else history
 * superseded by the next statement. The same text as the fact in force at that time, or as the
 * next one, adds nothing; nor does a statement the user asked to forget.
 */
async function keepFact(tx: DriverQueries, organizationId: number, userId: number, fact: ExtractedFact): Promise<void> {
  const text = fact.text.trim().slice(0, FACT_TEXT_LIMIT);
  const subject = fact.subject.trim().slice(0, SUBJECT_LIMIT);
  if (!text || !subject) return;
  const [place] = await tx.rows(FACT_NEIGHBOURS, [organizationId, userId, subject, text, fact.messageId]);
  if (!place || place.forgotten || place.previousText === text || place.nextText === text) return;
  if (place.previousCurrent) await tx.rows(CLOSE_FACT, [organizationId, place.previousId, fact.messageId]);
  // The fact in force before was closed by the next one (or is current): it is now closed by this one.
  // One closed by a fact since forgotten keeps its end.
  const supersedes = place.previousCurrent || (place.nextId !== null && place.previousSupersededById === place.nextId) ? place.previousId : null;
  await tx.rows(INSERT_FACT, [organizationId, userId, subject, text, fact.messageId, place.nextId, supersedes]);
}

/**
 * In Create Thread's transaction, after its messages are written: the user messages it added get
 * their language, and the facts the extractor finds in them join the user's facts. It reads only
 * those messages and the timelines of the subjects they speak of. The user's row is locked by the
 * ingest's upsert from its first statement, so concurrent ingests of one user take turns here.
 */
export async function keepFacts(tx: DriverQueries, extractor: FactExtractor, organizationId: number, threadId: number, state: SummaryState) {
  if (state.lastMessageId === null || state.lastMessageId === state.summaryMessageId) return;
  const added = await tx.rows(NEW_USER_MESSAGES, [organizationId, threadId, state.summaryMessageId ?? 0, state.lastMessageId, MESSAGE_READ_LIMIT]);
  if (added.length === 0) return;
  const languages = languagesOf(added);
  await tx.rows(SET_MESSAGE_LANGUAGES, [organizationId, added.map(({ id }) => id), languages.map((language) => language ?? null)]);
  const messages: FactMessage[] = added.map(({ id, content, createdAt }, index) => ({
    id,
    role: "user",
    content,
    createdAt: new Date(createdAt),
    ...(languages[index] ? { language: languages[index] } : {}),
  }));
  const statedAt = new Map(messages.map((message) => [message.id, message.createdAt.getTime()]));
  const facts = (await extractor.extract(messages)).filter((fact) => statedAt.has(fact.messageId));
  // In the order they were said, so that within one ingest the later statement wins.
  facts.sort((a, b) => statedAt.get(a.messageId)! - statedAt.get(b.messageId)! || a.messageId - b.messageId);
  for (const fact of facts) await keepFact(tx, organizationId, added[0]!.userId, fact);
}
