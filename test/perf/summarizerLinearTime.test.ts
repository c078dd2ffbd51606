import fc from "fast-check";
import t from "tap";
import { BUILTIN_WINDOW, summarizeConversation } from "../../src/summarizer/builtin.ts";
import type { ConversationMessage } from "../../src/summarizer/summarizer.ts";
import { plainText } from "../../src/summarizer/text.ts";
import { bestOfThreeMs } from "../helpers/timing.ts";

/**
 * Issue 11, item 10: 26 messages of "![" repeated 2,000 times took ~500 ms to summarize (a regular
 * expression scanned to the end of the text from every "!["), stalling the event loop on every
 * ingest. Every step of the summarizer must be linear in its input: these tests give pathological
 * markdown a time bound that linear code meets many times over on a loaded machine and quadratic
 * code misses by far (50 KB of "![" took seconds).
 */

/** Pieces that open a construct without closing it, or nest, or repeat what a pattern backtracks on. */
const PIECES = [
  "![", "[", "]", "](", "(", ")", "<a", "<", ">", "</", "`", "``", "```", "~~~", "**", "__", "~~", "*", "_",
  "#", "# ", "## a", "  ", " ", "\n", "\n\n", "> ", "- ", "1. ", "|", "---", ":-", "a", "ab ", "9", ".", "?", "!",
  "。", "1,2", "$", "Hi", "thanks", "not ", "US 1", "12 seats", "Friday", "日曜日", "🙂",
];

const SIZE = 50_000;
/**
 * Generous for a loaded CI machine (the best of three runs): linear code takes tens of
 * milliseconds here, the quadratic code of before took seconds (about 11 s for the widest
 * window of "![").
 */
const BOUND_MS = 1000;

const repeated = (pattern: string[]) => {
  const unit = pattern.join("");
  return unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
};

t.test("the case of the issue: 26 messages of '![' × 2000 are summarized in linear time", async (t) => {
  const messages: ConversationMessage[] = Array.from({ length: 26 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: "![".repeat(2000) }));
  summarizeConversation({ messages, truncated: false });
  const elapsed = bestOfThreeMs(() => summarizeConversation({ messages, truncated: false }));
  t.ok(elapsed < 100, `${elapsed.toFixed(1)} ms (it was ~500 ms)`);
});

/** The largest window the service passes: its messages, each at its longest. */
const widestWindow = (text: string): ConversationMessage[] =>
  Array.from({ length: BUILTIN_WINDOW.opening + BUILTIN_WINDOW.recent }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    content: text.slice(0, BUILTIN_WINDOW.maxMessageChars),
  }));

t.test("pathological markdown (fuzzed): plain text of 50 KB, and a summary of the widest window, within a time bound", async (t) => {
  let slowest = { plainText: 0, summary: 0 };
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }), (pattern) => {
      const text = repeated(pattern);
      const messages = widestWindow(text);
      const plain = bestOfThreeMs(() => plainText(text));
      const summary = bestOfThreeMs(() => summarizeConversation({ messages, truncated: false }));
      slowest = { plainText: Math.max(slowest.plainText, plain), summary: Math.max(slowest.summary, summary) };
      return plain < BOUND_MS && summary < BOUND_MS;
    }),
    { numRuns: 30, seed: 16, endOnFailure: true },
  );
  t.pass(`slowest: plain text of 50 KB ${slowest.plainText.toFixed(1)} ms, summary of ${BUILTIN_WINDOW.opening + BUILTIN_WINDOW.recent} messages ${slowest.summary.toFixed(1)} ms`);
});

t.test("known worst cases of plain text: 256 KB within the bound (the quadratic code took 145 ms for 8 KB of '![')", async (t) => {
  for (const unit of ["![", "[a", "<a ", "`a", "**a", "_a", "# a" + " ".repeat(40) + "b\n", "- - - - x\n", "|---".repeat(20) + "x\n", "a.".repeat(3) + " ", "a".repeat(80) + " "]) {
    const text = unit.repeat(Math.ceil(256_000 / unit.length));
    const elapsed = bestOfThreeMs(() => plainText(text));
    t.ok(elapsed < BOUND_MS, `${JSON.stringify(unit.slice(0, 12))}: ${elapsed.toFixed(1)} ms`);
  }
});
