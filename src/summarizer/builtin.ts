import { StatementReader, statedPart, type Statement } from "../memory/facts/statements.ts";
import { ChangeIndex, factKeys } from "./facts.ts";
import { factSignals, isAboutSelf, isPleasantry, withoutGreeting } from "./lexicon.ts";
import { isQuestion, splitSentences } from "./sentences.ts";
import { MAX_SUMMARY_LENGTH, type Conversation, type ConversationWindow, type Summarizer } from "./summarizer.ts";
import { clip, plainText } from "./text.ts";

type Kind = "said" | "asked" | "confirmed";

interface Candidate {
  text: string;
  kind: Kind;
  order: number;
  score: number;
}

const LABELS: Record<Kind | "answer" | "open" | "unanswered" | "assistantOnly", string> = {
  said: "User said: ",
  asked: "User asked: ",
  confirmed: "Assistant confirmed: ",
  answer: "Latest answer: ",
  open: "Open question: ",
  // The user's last message, unanswered, that asks nothing ("I live in Oslo.", "lol ok"): no question is open.
  unanswered: "Last message: ",
  assistantOnly: "Assistant said: ",
};
/** The order of the lines: what the user said and asked, what the assistant confirmed, then where the thread stands. */
const LINE_ORDER: Kind[] = ["said", "asked", "confirmed"];
const MAX_SENTENCE = 300;
const MAX_OPEN_QUESTION = 300;
/** The latest answer always gets this much room; it gets what the facts leave over too. */
const MIN_ANSWER = 200;

/**
 * How much a sentence is worth keeping: the user's own statements about themselves first, then
 * their other statements, then their questions; the assistant's sentences only when they state
 * something checkable (a number, a name, a reference).
 */
function score(role: "user" | "assistant", kind: Kind, sentence: string): number {
  const signals = factSignals(sentence);
  if (role === "assistant") return signals >= 2 && !isQuestion(sentence) ? signals - 1 : -1;
  if (kind === "asked") return 1 + Math.min(signals, 2) + (isAboutSelf(sentence) ? 1 : 0);
  return 3 + (isAboutSelf(sentence) ? 2 : 0) + signals;
}

interface Analysed {
  role: "user" | "assistant";
  sentences: string[];
}

/**
 * The most of each message that is read: users state their facts in what they write, the
 * assistant's confirmations come first in its answers, and the latest answer is quoted. At most
 * INPUT_BUDGET characters are read in all, so that the widest window (hundreds of messages of
 * thousands of characters) costs a bounded time on the ingest path: the first two messages,
 * then the latest ones back to where the budget runs out; the messages between are not read.
 */
const USER_CHARS = 2000;
const ASSISTANT_CHARS = 600;
const INPUT_BUDGET = 60_000;
const OPENING_READ = 2;
/** Sentences read per message: a message of hundreds of tiny "sentences" is noise, not facts. */
const MAX_SENTENCES = 40;

function readable({ messages }: Conversation): string[] {
  const latestAnswer = messages.map((message) => message.role).lastIndexOf("assistant");
  const texts = messages.map(() => "");
  let left = INPUT_BUDGET;
  const read = (index: number) => {
    const { role, content } = messages[index]!;
    let end = Math.min(content.length, left, role === "user" || index === latestAnswer ? USER_CHARS : ASSISTANT_CHARS);
    if (end < content.length && /[\uD800-\uDBFF]/.test(content.charAt(end - 1))) end--;
    texts[index] = content.slice(0, end);
    left -= end;
  };
  for (let index = 0; index < Math.min(OPENING_READ, messages.length); index++) read(index);
  for (let index = messages.length - 1; index >= OPENING_READ && left > 0; index--) read(index);
  return texts;
}

/**
 * The conversation's messages as sentences, without greetings, and without the user's thanks and
 * acknowledgements ("ok", "thanks, that worked"); the assistant's "Yes." can be the answer.
 */
function analyse(conversation: Conversation): Analysed[] {
  const texts = readable(conversation);
  return conversation.messages.map(({ role }, index) => ({
    role,
    sentences: splitSentences(plainText(texts[index]!, false))
      .slice(0, MAX_SENTENCES)
      .map(withoutGreeting)
      .filter((sentence) => sentence !== "" && (role === "assistant" || !isPleasantry(sentence))),
  }));
}

/**
 * Every sentence except those of the latest answer and the open question, as it stands now:
 * clauses that a later user sentence replaced are left out, repeated sentences kept once. What
 * the user's sentences state about which subject (src/memory/facts, as the user's facts are
 * kept) decides what a later one replaces where both state some.
 */
function candidates(conversation: Conversation, messages: Analysed[], skip: Set<number>): Candidate[] {
  const changes = new ChangeIndex();
  const reader = new StatementReader(conversation.messages);
  const sentences: { role: "user" | "assistant"; text: string; order: number; message: number; keys: ReturnType<typeof factKeys>; statements: Statement[] }[] = [];
  messages.forEach(({ role, sentences: texts }, message) => {
    for (const text of texts) {
      if (role === "assistant" && factSignals(text) < 2) continue;
      const order = sentences.length;
      const keys = factKeys(text);
      const stated = role === "user" ? statedPart(text) : "";
      const statements = stated ? reader.read(stated, message) : [];
      sentences.push({ role, text, order, message, keys, statements });
      if (role === "user") changes.add(order, text, keys, statements);
    }
  });
  const opening = sentences.find((sentence) => sentence.role === "user")?.message;
  const seen = new Set<string>();
  const kept: Candidate[] = [];
  for (const sentence of sentences.reverse()) {
    if (skip.has(sentence.message)) continue;
    const text = changes.current(sentence.order, sentence.text, sentence.keys, sentence.statements);
    const key = text.toLocaleLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    const kind: Kind = sentence.role === "assistant" ? "confirmed" : isQuestion(text) ? "asked" : "said";
    // The user's first message says what the thread is about.
    const value = score(sentence.role, kind, text) + (sentence.message === opening ? 1 : 0);
    if (value >= 0) kept.push({ text: clip(text, MAX_SENTENCE), kind, order: sentence.order, score: value });
  }
  return kept;
}

function lastIndex(messages: Analysed[], role: "user" | "assistant"): number {
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]!.role === role && messages[index]!.sentences.length > 0) return index;
  return -1;
}

/** The highest-scoring candidates (the later first among equals) that fit in `room`, labels included. */
function choose(all: Candidate[], room: number): Candidate[] {
  const chosen: Candidate[] = [];
  const labelled = new Set<Kind>();
  let left = room;
  for (const candidate of [...all].sort((a, b) => b.score - a.score || b.order - a.order)) {
    const cost = candidate.text.length + 1 + (labelled.has(candidate.kind) ? 0 : LABELS[candidate.kind].length);
    if (cost > left) continue;
    chosen.push(candidate);
    labelled.add(candidate.kind);
    left -= cost;
  }
  return chosen;
}

/**
 * A memory of the conversation in at most `limit` characters (the service uses
 * MAX_SUMMARY_LENGTH; other limits are for measuring): deterministic,
 * offline, no model, time linear in the conversation.
 *
 * Messages are reduced to plain prose (markdown markup and code blocks dropped) and cut into
 * sentences; greetings, thanks and acknowledgements are dropped. What is kept, in this order of
 * priority: the open question (the user's last message when no answer follows it), the start of
 * the latest answer, then whole sentences by worth: the user's statements about themselves
 * (first person, with numbers, names, constraints such as allergies or budgets), their other
 * statements, their questions, and the assistant's sentences that state a number, name or
 * reference; the latest answer gets the room left. A fact the user later changed ("15 seats
 * now, not 12", "Wednesday doesn't work after all, Thursday?") is kept only in its latest form:
 * the earlier clause is left out. Sentences are shown in the order they were said, on lines
 * "User said:", "User asked:", "Assistant confirmed:", "Latest answer:", "Open question:" (or "Last message:" when the
 * user's unanswered last message asks nothing).
 */
export function summarizeConversation(conversation: Conversation, limit = MAX_SUMMARY_LENGTH): string {
  const messages = analyse(conversation);
  const lastUser = lastIndex(messages, "user");
  const lastAssistant = lastIndex(messages, "assistant");
  if (lastUser === -1) {
    const text = lastAssistant === -1 ? "" : messages[lastAssistant]!.sentences.join(" ");
    return text ? LABELS.assistantOnly + clip(text, limit - LABELS.assistantOnly.length) : "";
  }
  const open = lastUser > lastAssistant ? clip(messages[lastUser]!.sentences.join(" "), Math.min(MAX_OPEN_QUESTION, Math.floor(limit / 3))) : "";
  const answer = lastAssistant === -1 ? "" : messages[lastAssistant]!.sentences.join(" ");
  const openLine = open ? (messages[lastUser]!.sentences.some(isQuestion) ? LABELS.open : LABELS.unanswered) + open : "";
  const answerReserve = answer ? LABELS.answer.length + Math.min(answer.length, MIN_ANSWER, Math.floor(limit / 5)) + 1 : 0;
  const room = limit - (openLine ? openLine.length + 1 : 0) - answerReserve;
  const chosen = choose(candidates(conversation, messages, new Set([lastAssistant, ...(open ? [lastUser] : [])])), room);
  const lines = LINE_ORDER.flatMap((kind) => {
    const texts = chosen.filter((candidate) => candidate.kind === kind).sort((a, b) => a.order - b.order);
    return texts.length > 0 ? [LABELS[kind] + texts.map((candidate) => candidate.text).join(" ")] : [];
  });
  if (answer) {
    const used = lines.reduce((sum, line) => sum + line.length + 1, 0) + (openLine ? openLine.length + 1 : 0);
    const kept = clip(answer, limit - used - LABELS.answer.length);
    if (kept) lines.push(LABELS.answer + kept);
  }
  if (openLine) lines.push(openLine);
  return lines.join("\n");
}

export const BUILTIN_WINDOW: ConversationWindow = { opening: 10, recent: 200, maxMessageChars: 2000 };

export const builtinSummarizer: Summarizer = {
  name: "builtin",
  window: BUILTIN_WINDOW,
  summarize: async (conversation) => summarizeConversation(conversation),
};
