import { MAX_SUMMARY_LENGTH, type Conversation, type ConversationWindow, type Summarizer } from "./summarizer.ts";
import { clip, plainText } from "./text.ts";

/** A user request and the first assistant reply that follows it, as plain text. */
interface Exchange {
  request: string;
  answer?: string;
}

const LABELS = {
  asked: "User asked: ",
  firstAsked: "User first asked: ",
  thenAsked: "User then asked: ",
  latestAsked: "User most recently asked: ",
  answered: "Assistant answered: ",
  said: "Assistant said: ",
};
const MIDDLE_SEPARATOR = "; ";
const OMITTED = "…";
const MIDDLE_REQUEST_LENGTH = 100;

function exchangesOf(conversation: Conversation): { exchanges: Exchange[]; assistantOnly: string[] } {
  const exchanges: Exchange[] = [];
  const assistantOnly: string[] = [];
  for (const message of conversation.messages) {
    const text = plainText(message.content);
    if (!text) continue;
    const current = exchanges.at(-1);
    if (message.role === "user") exchanges.push({ request: text });
    else if (!current) assistantOnly.push(text);
    else current.answer ??= text;
  }
  return { exchanges, assistantOnly };
}

/**
 * Shares `budget` characters among texts in priority order: each first gets up to its cap, then
 * what is left goes, still in priority order, to those that were cut.
 */
function share(budget: number, wants: { text: string | undefined; cap: number }[]): number[] {
  const given = wants.map(({ text, cap }) => Math.min(text?.length ?? 0, cap));
  let left = budget - given.reduce((sum, length) => sum + length, 0);
  wants.forEach(({ text }, index) => {
    const extra = Math.max(0, Math.min(left, (text?.length ?? 0) - given[index]!));
    given[index]! += extra;
    left -= extra;
  });
  return given;
}

/** The requests between the first and the latest, newest kept first, shown oldest first. */
function middleLine(requests: string[], truncated: boolean, room: number): string {
  const kept: string[] = [];
  let length = LABELS.thenAsked.length + OMITTED.length + MIDDLE_SEPARATOR.length;
  for (const request of [...requests].reverse()) {
    const text = clip(request, MIDDLE_REQUEST_LENGTH);
    if (length + text.length + MIDDLE_SEPARATOR.length > room) break;
    kept.unshift(text);
    length += text.length + MIDDLE_SEPARATOR.length;
  }
  if (kept.length === 0) return "";
  const omitted = truncated || kept.length < requests.length;
  return LABELS.thenAsked + [...(omitted ? [OMITTED] : []), ...kept].join(MIDDLE_SEPARATOR);
}

function lines(...parts: (string | false)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join("\n");
}

function summarizeOne(exchange: Exchange): string {
  const labels = LABELS.asked.length + (exchange.answer ? 1 + LABELS.answered.length : 0);
  const [request, answer] = share(MAX_SUMMARY_LENGTH - labels, [
    { text: exchange.request, cap: 600 },
    { text: exchange.answer, cap: 400 },
  ]);
  return lines(LABELS.asked + clip(exchange.request, request!), !!exchange.answer && LABELS.answered + clip(exchange.answer, answer!));
}

function summarizeMany(first: Exchange, middle: Exchange[], latest: Exchange, truncated: boolean): string {
  // In order of priority: the latest request (what the user is on now), the first request (the
  // thread's topic), then their answers.
  const parts = [
    { label: LABELS.latestAsked, text: latest.request, cap: 240 },
    { label: LABELS.firstAsked, text: first.request, cap: 200 },
    { label: LABELS.answered, text: latest.answer, cap: 200 },
    { label: LABELS.answered, text: first.answer, cap: 120 },
  ];
  const labels = parts.reduce((sum, part) => sum + (part.text ? part.label.length + 1 : 0), 0);
  const middleReserve = middle.length > 0 ? 220 : 0;
  const lengths = share(MAX_SUMMARY_LENGTH - labels - middleReserve, parts);
  const [latestRequest, firstRequest, latestAnswer, firstAnswer] = parts.map((part, index) =>
    part.text ? part.label + clip(part.text, lengths[index]!) : "",
  ) as [string, string, string, string];
  const used = [latestRequest, firstRequest, latestAnswer, firstAnswer].reduce((sum, line) => sum + (line ? line.length + 1 : 0), 0);
  const between = middleLine(middle.map((exchange) => exchange.request), truncated, MAX_SUMMARY_LENGTH - used);
  return lines(firstRequest, firstAnswer, between, latestRequest, latestAnswer);
}

/**
 * Summarizes what the user asked and what the assistant answered, in at most 1,000 characters:
 * deterministic, offline, no model.
 *
 * How it chooses what to keep. Messages are first reduced to plain prose: markdown markup is
 * dropped (links and emphasis keep their words, headings and list items become sentences) and
 * each code block becomes a placeholder such as "[python code]"; system and tool messages are
 * not read at all. The conversation is then cut into exchanges, a user request and the first
 * assistant reply after it. A thread of one exchange gives "User asked: …" and "Assistant
 * answered: …". A longer one keeps, in this order of priority, the latest request (what the user
 * is on now), the first request (the thread's topic), the latest answer and the first answer;
 * the room left lists the requests in between (the newest are kept, shown in order), each in at
 * most 100 characters, "…" marking those left out. Each text is cut to its share at the end of a
 * sentence when that keeps at least half of the share, else at a word boundary (between
 * characters in scripts without spaces), never inside a grapheme, and a cut ends with "…".
 * Only the first two and the last 24 user and assistant messages are read (see `window`), so a
 * thread of thousands of messages costs what a short one does.
 */
export function summarizeConversation(conversation: Conversation): string {
  const { exchanges, assistantOnly } = exchangesOf(conversation);
  const first = exchanges[0];
  const latest = exchanges.at(-1);
  if (!first || !latest) {
    return assistantOnly[0] ? LABELS.said + clip(assistantOnly[0], MAX_SUMMARY_LENGTH - LABELS.said.length) : "";
  }
  if (first === latest) return summarizeOne(first);
  return summarizeMany(first, exchanges.slice(1, -1), latest, conversation.truncated);
}

export const BUILTIN_WINDOW: ConversationWindow = { opening: 2, recent: 24, maxMessageChars: 4000 };

export const builtinSummarizer: Summarizer = {
  name: "builtin",
  window: BUILTIN_WINDOW,
  summarize: async (conversation) => summarizeConversation(conversation),
};
