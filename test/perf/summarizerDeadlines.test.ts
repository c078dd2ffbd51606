import t from "tap";
import { summarizeConversation } from "../../src/summarizer/builtin.ts";
import { openAiSummarizer } from "../../src/summarizer/openai.ts";
import { MAX_SUMMARY_LENGTH, type ConversationMessage } from "../../src/summarizer/summarizer.ts";
import { hang, startFakeLlm } from "../helpers/fakeLlm.ts";
import { eventually } from "../helpers/wait.ts";

// How long the summarizers take, on the wall clock: the lower bounds are what the code must wait,
// the upper bounds generous for a loaded 2-core machine (what they guard against takes far longer).

const conversation = {
  messages: [
    { role: "user", content: "How do I reset my password?" },
    { role: "assistant", content: "Use the link on the login page." },
  ] satisfies ConversationMessage[],
  truncated: false,
};

t.test("an LLM that never answers: each attempt waits its timeout, then gives up", async (t) => {
  const fake = await startFakeLlm(t, hang);
  // A second each: long enough for every request to reach the fake on a loaded machine.
  const timeoutMs = 1_000;
  const summarizer = openAiSummarizer({ baseUrl: fake.baseUrl, model: "m", timeoutMs, retries: 1, retryDelayMs: 1 });
  const started = performance.now();
  await t.rejects(summarizer.summarize(conversation), { name: "TimeoutError" });
  const elapsed = performance.now() - started;
  t.equal(fake.requests.length, 2);
  // Timers may fire up to a millisecond early on the monotonic clock.
  t.ok(elapsed >= 2 * timeoutMs - 5 && elapsed < 2 * timeoutMs + 5_000, `two attempts of ${timeoutMs} ms: ${Math.round(elapsed)} ms`);
});

t.test("aborting stops the attempt in flight at once, not after its 10 s timeout", async (t) => {
  const fake = await startFakeLlm(t, hang);
  const summarizer = openAiSummarizer({ baseUrl: fake.baseUrl, model: "m", timeoutMs: 10_000, retries: 5, retryDelayMs: 1 });
  const controller = new AbortController();
  const summary = summarizer.summarize(conversation, controller.signal);
  await eventually(() => fake.requests.length === 1, { what: "the first attempt" });
  const started = performance.now();
  controller.abort(new Error("shutting down"));
  await t.rejects(summary, { message: "shutting down" });
  t.ok(performance.now() - started < 3_000, `${Math.round(performance.now() - started)} ms`);
});

t.test("the built-in summary of 6,000 messages takes well under the time of an ingest", async (t) => {
  const messages: ConversationMessage[] = [];
  for (let i = 0; i < 3000; i++) {
    messages.push({ role: "user", content: `Question ${i}: how do I configure option ${i} of the product?` });
    messages.push({ role: "assistant", content: `Answer ${i}: open the settings page and change option ${i}. ${"More details. ".repeat(i % 7)}` });
  }
  const started = performance.now();
  const summary = summarizeConversation({ messages, truncated: true });
  const elapsed = performance.now() - started;
  t.ok(summary.length <= MAX_SUMMARY_LENGTH);
  t.ok(elapsed < 3_000, `${Math.round(elapsed)} ms`);
});
