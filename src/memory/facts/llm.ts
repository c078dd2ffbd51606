import { complete, type OpenAiOptions } from "../../summarizer/openai.ts";
import { clip } from "../../summarizer/text.ts";
import { MAX_FACT_TEXT, type ExtractedFact, type FactExtractor, type FactMessage } from "./extractor.ts";
import { rulesFor } from "./rules/index.ts";
import { signalReaders } from "./signals/index.ts";

/**
 * The subjects the built-in extractor uses (its rules' and signals'; "favorite {kind}" as "favorite <kind>"): the model is
 * asked to use them too, so that both extractors' facts replace each other.
 */
const BUILTIN_SUBJECTS = [
  ...new Set([...rulesFor(undefined), ...signalReaders(undefined).flatMap((reader) => reader.signals)].map((read) => read.subject.replace("{kind}", "<kind>"))),
];
const MAX_MESSAGE_CHARS = 2000;
/** The transcript the model reads: the latest messages that fit; facts of the earlier ones come from the fallback. */
const MAX_TRANSCRIPT_CHARS = 24_000;
const MAX_SUBJECT = 60;

/** Exported for the tests: what the model is asked to do. */
export const FACT_INSTRUCTIONS = [
  "You keep the facts a user states about themselves or their situation: who they are, where they live, their household,",
  "what they have, need, prefer, can afford or are allergic to, their work, health, plans and dates.",
  "Only the user's messages state facts; the assistant's messages are context. Questions, greetings and small talk state none.",
  "For each fact give `subject`: a short lowercase English key of what it is about, the same in every language, one of",
  `${BUILTIN_SUBJECTS.map((subject) => `"${subject}"`).join(", ")} when one fits;`,
  `\`text\`: the user's own words that state it (at most ${MAX_FACT_TEXT} characters, in their language); \`messageId\`: the id of the user message that states it.`,
  "At most one fact per subject and message. Answer with JSON only, no prose: {\"facts\":[{\"subject\":\"…\",\"text\":\"…\",\"messageId\":1}]}.",
].join(" ");

export class FactReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FactReplyError";
  }
}

const line = (message: FactMessage) => `[${message.id}] ${message.role === "user" ? "User" : "Assistant"}: ${message.content.slice(0, MAX_MESSAGE_CHARS)}`;

/** The messages the model reads: the latest that fit in MAX_TRANSCRIPT_CHARS (the earlier ones keep the built-in extractor's facts). */
export function promptMessages(messages: readonly FactMessage[]): FactMessage[] {
  let length = 0;
  let index = messages.length;
  while (index > 0 && (length += line(messages[index - 1]!).length + 2) <= MAX_TRANSCRIPT_CHARS) index--;
  return messages.slice(index);
}

/** Exported for the tests: the conversation as the model reads it, each message with its id. */
export function factTranscript(messages: readonly FactMessage[]): string {
  return messages.map(line).join("\n\n");
}

/** A reply in a ```json fence is still a reply. */
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/u;

/**
 * The model's facts, checked: JSON of the asked shape, each fact from a user message of the
 * conversation (a fact that names another message lost its source), at most one per subject
 * and message (the last). Anything else throws FactReplyError.
 */
export function parseFactReply(reply: string, messages: readonly FactMessage[]): ExtractedFact[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(FENCE.exec(reply)?.[1] ?? reply);
  } catch {
    throw new FactReplyError("the reply is not JSON");
  }
  const facts = (parsed as { facts?: unknown } | null)?.facts;
  if (!Array.isArray(facts)) throw new FactReplyError("the reply has no facts array");
  const userMessages = new Set(messages.filter((message) => message.role === "user").map((message) => message.id));
  const kept = new Map<string, ExtractedFact>();
  for (const fact of facts as unknown[]) {
    const { subject, text, messageId } = (fact ?? {}) as Record<string, unknown>;
    if (typeof subject !== "string" || typeof text !== "string" || typeof messageId !== "number") throw new FactReplyError("a fact is not {subject, text, messageId}");
    const key = subject.trim().toLocaleLowerCase().replace(/\s+/g, " ");
    if (!key || key.length > MAX_SUBJECT || !text.trim()) throw new FactReplyError("a fact has an empty or overlong subject, or no text");
    if (!userMessages.has(messageId)) throw new FactReplyError(`a fact names message ${messageId}, not a user message of the conversation`);
    kept.delete(`${messageId} ${key}`);
    kept.set(`${messageId} ${key}`, { subject: key, text: clip(text.trim(), MAX_FACT_TEXT), messageId });
  }
  const order = new Map(messages.map((message, index) => [message.id, index]));
  return [...kept.values()].sort((a, b) => order.get(a.messageId)! - order.get(b.messageId)!);
}

/**
 * Facts from an LLM behind the LLM summarizer's endpoint, on the latest messages that fit in its
 * prompt (promptMessages). A failed request, or a reply that is not what was asked (see
 * parseFactReply), throws: the caller keeps the built-in extractor's facts.
 */
export function createLlmFactExtractor(settings: OpenAiOptions): FactExtractor {
  return {
    async extract(messages, signal) {
      const read = promptMessages(messages);
      if (!read.some((message) => message.role === "user")) return [];
      const reply = await complete(settings, { system: FACT_INSTRUCTIONS, user: factTranscript(read), maxTokens: 1024 }, signal);
      return parseFactReply(reply, read);
    },
  };
}
