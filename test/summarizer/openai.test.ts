import t from "tap";
import { INSTRUCTIONS, openAiSummarizer, transcript, type OpenAiOptions } from "../../src/summarizer/openai.ts";
import { MAX_SUMMARY_LENGTH, type Conversation } from "../../src/summarizer/summarizer.ts";
import { answer, completion, hang, startFakeLlm, status, type Behaviour } from "../helpers/fakeLlm.ts";
import { eventually } from "../helpers/wait.ts";

const conversation: Conversation = {
  messages: [
    { role: "user", content: "How do I reset my password?" },
    { role: "assistant", content: "Use the link on the login page." },
  ],
  truncated: false,
};

async function summarizerFor(t: { teardown(fn: () => unknown): void }, behaviour: Behaviour, options: Partial<OpenAiOptions> = {}) {
  const fake = await startFakeLlm(t, behaviour);
  const summarizer = openAiSummarizer({ baseUrl: fake.baseUrl, apiKey: "sk-test", model: "test-model", timeoutMs: 500, retries: 2, retryDelayMs: 1, ...options });
  return { fake, summarizer };
}

/** One behaviour per attempt, in order; the last one repeats. */
const sequence = (...behaviours: Behaviour[]): Behaviour => (request, n, response) =>
  behaviours[Math.min(n, behaviours.length - 1)]!(request, n, response);

t.test("success: the chat-completions request, and the answer's content as the summary", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, answer("  The user wanted to reset a password.\n"));
  t.equal(await summarizer.summarize(conversation), "The user wanted to reset a password.");
  t.equal(fake.requests.length, 1);
  const [request] = fake.requests;
  t.equal(request!.path, "/v1/chat/completions");
  t.equal(request!.authorization, "Bearer sk-test");
  t.equal(request!.body.model, "test-model");
  t.same(request!.body.messages.map((message) => message.role), ["system", "user"]);
  t.equal(request!.body.messages[1]!.content, "User: How do I reset my password?\n\nAssistant: Use the link on the login page.");
});

t.test("no API key: no Authorization header (local servers)", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, answer("ok"), { apiKey: undefined });
  await summarizer.summarize(conversation);
  t.equal(fake.requests[0]!.authorization, undefined);
});

t.test("the prompt asks for a memory of facts about the user, in the user's language, within the summary's bound", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, answer("ok"));
  await summarizer.summarize(conversation);
  const system = fake.requests[0]!.body.messages[0]!;
  t.equal(system.role, "system");
  t.equal(system.content, INSTRUCTIONS);
  t.match(INSTRUCTIONS, /facts about the user, not a narration/);
  t.match(INSTRUCTIONS, /only its latest value/);
  t.match(INSTRUCTIONS, /still open/);
  t.match(INSTRUCTIONS, new RegExp(`in the language the user wrote in, at most ${MAX_SUMMARY_LENGTH} characters`));
});

t.test("an answer longer than 1,000 characters is cut to the bound, at the end of a sentence", async (t) => {
  const { summarizer } = await summarizerFor(t, answer("The user has a long list of facts. ".repeat(100)));
  const summary = await summarizer.summarize(conversation);
  t.ok(summary.length <= MAX_SUMMARY_LENGTH && summary.length > 900, `${summary.length} characters`);
  t.match(summary, /facts\. …$/);
});

t.test("an answer in another language than the user's is refused, not retried: the built-in summary stays", async (t) => {
  const french: Conversation = {
    messages: [
      { role: "user", content: "Bonjour, je suis allergique aux arachides et je voudrais un plan de repas pour la semaine." },
      { role: "assistant", content: "Bien sûr, voici un plan sans arachides." },
    ],
    truncated: false,
  };
  const english = "The user is allergic to peanuts and wants a meal plan for the week; the assistant gave a peanut-free plan.";
  const { fake, summarizer } = await summarizerFor(t, answer(english));
  await t.rejects(summarizer.summarize(french), { name: "SummarizerError", message: "the summarizer answered in en, the user wrote in fr", retryable: false });
  t.equal(fake.requests.length, 1);

  const kept = "L'utilisateur est allergique aux arachides et veut un plan de repas pour la semaine.";
  fake.behaviour = answer(kept);
  t.equal(await summarizer.summarize(french), kept, "the same language is accepted");
  fake.behaviour = answer("アレルギー: ピーナッツ。一週間の献立を希望しています。");
  await t.rejects(summarizer.summarize(french), { message: "the summarizer answered in ja, the user wrote in fr" }, "another script");
  fake.behaviour = answer("Peanut allergy.");
  t.equal(await summarizer.summarize(french), "Peanut allergy.", "too short to tell: accepted");
});

t.test("HTTP 5xx and 429 are retried, then the answer is used", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, sequence(status(503), status(429, { "retry-after": "0" }), answer("third time")));
  t.equal(await summarizer.summarize(conversation), "third time");
  t.equal(fake.requests.length, 3);
});

t.test("HTTP errors every time: fails after the retries", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, status(500));
  await t.rejects(summarizer.summarize(conversation), { name: "SummarizerError", message: "HTTP 500 from the summarizer" });
  t.equal(fake.requests.length, 3, "1 attempt + 2 retries");
});

t.test("HTTP 400 or 401 is not retried", async (t) => {
  for (const code of [400, 401]) {
    const { fake, summarizer } = await summarizerFor(t, status(code));
    await t.rejects(summarizer.summarize(conversation), { message: `HTTP ${code} from the summarizer` });
    t.equal(fake.requests.length, 1, `${code}`);
  }
});

t.test("a server that never answers: each attempt times out", async (t) => {
  // How long each attempt waits: test/perf/summarizerDeadlines.test.ts. A second is long enough for
  // each request to reach the fake on a loaded machine (150 ms was not: one attempt went unseen).
  const { fake, summarizer } = await summarizerFor(t, hang, { timeoutMs: 1_000, retries: 1 });
  await t.rejects(summarizer.summarize(conversation), { name: "TimeoutError" });
  t.equal(fake.requests.length, 2);
});

t.test("headers then a stalled body also times out", async (t) => {
  const stall: Behaviour = (_request, _n, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"choices": [');
  };
  const { summarizer } = await summarizerFor(t, stall, { timeoutMs: 150, retries: 0 });
  await t.rejects(summarizer.summarize(conversation), { name: "TimeoutError" });
});

t.test("a slow answer within the timeout is fine", async (t) => {
  const slow: Behaviour = (_request, _n, response) => {
    setTimeout(() => response.writeHead(200).end(completion("slow but fine")), 100);
  };
  const { summarizer } = await summarizerFor(t, slow, { timeoutMs: 1000 });
  t.equal(await summarizer.summarize(conversation), "slow but fine");
});

t.test("garbage bodies are failures (retried)", async (t) => {
  const bodies = ["<html>Bad gateway</html>", "", "{}", '{"choices": []}', '{"choices": [{"message": {"content": 42}}]}', '{"choices": [{"message": {"content": "  "}}]}', "null"];
  for (const body of bodies) {
    const { fake, summarizer } = await summarizerFor(t, (_request, _n, response) => response.writeHead(200).end(body));
    await t.rejects(summarizer.summarize(conversation), { name: "SummarizerError" }, JSON.stringify(body));
    t.equal(fake.requests.length, 3, JSON.stringify(body));
  }
  const { summarizer } = await summarizerFor(t, sequence((_r, _n, response) => response.writeHead(200).end("garbage"), answer("recovered")));
  t.equal(await summarizer.summarize(conversation), "recovered", "garbage, then a good answer");
});

t.test("no server listening: a failure after the retries", async (t) => {
  const summarizer = openAiSummarizer({ baseUrl: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 500, retries: 1, retryDelayMs: 1 });
  await t.rejects(summarizer.summarize(conversation));
});

t.test("aborting stops at once, without further retries", async (t) => {
  const { fake, summarizer } = await summarizerFor(t, hang, { timeoutMs: 10_000, retries: 5 });
  const controller = new AbortController();
  const summary = summarizer.summarize(conversation, controller.signal);
  await eventually(() => fake.requests.length === 1, { what: "the first attempt" });
  controller.abort(new Error("shutting down"));
  await t.rejects(summary, { message: "shutting down" });
  t.equal(fake.requests.length, 1);
});

t.test("the transcript keeps the opening and the latest messages within its budget", async (t) => {
  const long = "x".repeat(1990);
  const messages = Array.from({ length: 80 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `${i} ${long}` }) as const);
  const text = transcript({ messages, truncated: false });
  t.ok(text.length <= 24_000, `${text.length} characters`);
  t.match(text, /^User: 0 x+\n\nAssistant: 1 x+\n\n\[… earlier messages left out …\]\n\n/);
  t.match(text, /Assistant: 79 x+$/);
  t.match(transcript({ ...conversation, truncated: true }), /\[… earlier messages left out …\]$/, "the window itself was cut");
});
