import { setTimeout as sleep } from "node:timers/promises";
import { MAX_SUMMARY_LENGTH, type Conversation, type ConversationWindow, type Summarizer } from "./summarizer.ts";
import { guessLanguage, sameLanguage } from "./language.ts";
import { clip } from "./text.ts";

export interface OpenAiOptions {
  /** E.g. https://api.openai.com/v1; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; local servers often need none. */
  apiKey?: string;
  model: string;
  /** Per attempt, from sending the request to the end of the answer's body. */
  timeoutMs: number;
  /** Further attempts after a failed one. */
  retries: number;
  /** The wait before the first retry; it doubles before each next one. */
  retryDelayMs?: number;
}

export const OPENAI_WINDOW: ConversationWindow = { opening: 2, recent: 80, maxMessageChars: 2000 };
const MAX_TRANSCRIPT_LENGTH = 24_000;
const MAX_RETRY_AFTER_MS = 30_000;

/** Exported for the tests: what the model is asked to write. */
export const INSTRUCTIONS = [
  "You write the memory a chatbot keeps of one conversation, to read before it talks to the same user again.",
  "Write the facts about the user, not a narration of the conversation: who they are (names, household),",
  "their devices, accounts, orders and references, numbers, dates and deadlines, plans, constraints such as",
  "allergies or budgets, and preferences. Copy names, numbers and identifiers exactly as written.",
  "When a fact changed during the conversation, give only its latest value.",
  "Then, briefly, what was decided or answered last, and the user's question that is still open, if any.",
  "Leave out greetings, thanks and small talk.",
  `Plain text, no preamble, in the language the user wrote in, at most ${MAX_SUMMARY_LENGTH} characters.`,
].join(" ");

export class SummarizerError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "SummarizerError";
  }
}

/** The conversation as a transcript: the opening messages, then as many of the latest as fit. */
export function transcript({ messages, truncated }: Conversation): string {
  const line = (message: Conversation["messages"][number]) => `${message.role === "user" ? "User" : "Assistant"}: ${message.content}`;
  const head = messages.slice(0, OPENAI_WINDOW.opening).map(line);
  let length = head.reduce((sum, text) => sum + text.length + 2, 0);
  const tail: string[] = [];
  for (const message of messages.slice(OPENAI_WINDOW.opening).reverse()) {
    const text = line(message);
    if (length + text.length + 2 > MAX_TRANSCRIPT_LENGTH) break;
    tail.unshift(text);
    length += text.length + 2;
  }
  const omitted = truncated || head.length + tail.length < messages.length;
  return [...head, ...(omitted ? ["[… earlier messages left out …]"] : []), ...tail].join("\n\n");
}

function retryAfterMs(header: string | null): number | undefined {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

/** One exchange with the model: its instructions, the text it works on, and how long its answer may be. */
export interface ChatRequest {
  system: string;
  user: string;
  maxTokens: number;
}

async function requestCompletion(options: OpenAiOptions, chat: ChatRequest, signal: AbortSignal): Promise<string> {
  const response = await fetch(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
    body: JSON.stringify({
      model: options.model,
      temperature: 0,
      max_tokens: chat.maxTokens,
      messages: [
        { role: "system", content: chat.system },
        { role: "user", content: chat.user },
      ],
    }),
    signal,
  });
  const body = await response.text();
  if (!response.ok) {
    const retryable = response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
    throw new SummarizerError(`HTTP ${response.status} from the summarizer`, retryable, retryAfterMs(response.headers.get("retry-after")));
  }
  let content: unknown;
  try {
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  } catch {
    throw new SummarizerError("the summarizer's answer is not JSON", true);
  }
  if (typeof content !== "string" || content.trim() === "") throw new SummarizerError("the summarizer's answer is empty", true);
  return content.trim();
}

/**
 * The model's summary as stored: cut to MAX_SUMMARY_LENGTH at the end of a sentence when it is
 * longer, and refused (the thread keeps its built-in summary) when it is not in the language the
 * user wrote in: asking again at temperature 0 would give the same answer, so it is not retried.
 */
export function checkedSummary(summary: string, conversation: Conversation): string {
  const userText = conversation.messages
    .filter((message) => message.role === "user")
    .map((message) => message.content)
    .join("\n");
  if (!sameLanguage(summary, userText)) {
    throw new SummarizerError(`the summarizer answered in ${guessLanguage(summary)}, the user wrote in ${guessLanguage(userText)}`, false);
  }
  return clip(summary, MAX_SUMMARY_LENGTH);
}

function isRetryable(error: unknown): boolean {
  return error instanceof SummarizerError ? error.retryable : true;
}

/**
 * The model's answer (trimmed, not empty) from the OpenAI-compatible endpoint of `options`, with
 * its timeout per attempt and its retries: the LLM summarizer and the LLM fact extractor share it.
 */
export async function complete(options: OpenAiOptions, chat: ChatRequest, signal?: AbortSignal): Promise<string> {
  const retryDelayMs = options.retryDelayMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    try {
      return await withDeadline(options.timeoutMs, signal, (attemptSignal) => requestCompletion(options, chat, attemptSignal));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (attempt >= options.retries || !isRetryable(error)) throw error;
      const retryAfter = error instanceof SummarizerError ? error.retryAfterMs : undefined;
      await sleep(retryAfter ?? retryDelayMs * 2 ** attempt, undefined, { signal });
    }
  }
}

/**
 * `work` with a signal aborted after `timeoutMs` or with `signal`, settled then whatever `work` does. The abort alone did
 * not always end it: `AbortSignal.timeout`'s timer holds its signal weakly, and so does a signal that follows another
 * (`AbortSignal.any`, fetch's request), so after a garbage collection an attempt at an LLM that never answers waited
 * for undici's 300 s instead of its timeout (test/perf/summarizerDeadlines.test.ts, once in a run here).
 */
async function withDeadline<T>(timeoutMs: number, signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const done = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), timeoutMs);
  const ended = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener("abort", () => reject(deadline.signal.reason), { signal: done.signal });
    signal?.addEventListener("abort", () => reject(signal.reason), { signal: done.signal });
  });
  try {
    return await Promise.race([work(signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal), ended]);
  } finally {
    clearTimeout(timer);
    done.abort();
  }
}

/** Summaries from an LLM behind an OpenAI-compatible chat-completions endpoint. */
export function openAiSummarizer(options: OpenAiOptions): Summarizer {
  return {
    name: "openai",
    window: OPENAI_WINDOW,
    summarize: async (conversation, signal) =>
      checkedSummary(await complete(options, { system: INSTRUCTIONS, user: transcript(conversation), maxTokens: 512 }, signal), conversation),
  };
}
