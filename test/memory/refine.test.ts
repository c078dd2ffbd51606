import t from "tap";
import { createThread } from "../../src/threads/ingest.ts";
import { replaceSummaryIfCurrent } from "../../src/memory/summaries.ts";
import { SummaryKeeper } from "../../src/memory/summaryKeeper.ts";
import { openAiSummarizer } from "../../src/summarizer/openai.ts";
import type { Conversation, Summarizer } from "../../src/summarizer/summarizer.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { answer, startFakeLlm, status } from "../helpers/fakeLlm.ts";
import { eventually, sleep } from "../helpers/wait.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;

interface Call {
  conversation: Conversation;
  signal: AbortSignal | undefined;
  resolve(summary: string): void;
  reject(error: Error): void;
}

/** A summarizer whose every call waits until the test answers it. */
function gatedSummarizer() {
  const calls: Call[] = [];
  const waiting: ((call: Call) => void)[] = [];
  const summarizer: Summarizer = {
    name: "gated",
    window: { opening: 2, recent: 10, maxMessageChars: 500 },
    summarize: (conversation, signal) =>
      new Promise<string>((resolve, reject) => {
        const call = { conversation, signal, resolve, reject };
        signal?.addEventListener("abort", () => reject(signal.reason));
        calls.push(call);
        waiting.shift()?.(call);
      }),
  };
  let taken = 0;
  const nextCall = () => new Promise<Call>((resolve) => (taken < calls.length ? resolve(calls[taken]!) : waiting.push(resolve))).finally(() => taken++);
  return { summarizer, calls, nextCall };
}

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_details: object, message: string) => warnings.push(message), debug: () => {} } };
}

function keeperWith(t: { teardown(fn: () => unknown): void }, refiner: Summarizer) {
  const { warnings, log } = recordingLog();
  const keeper = new SummaryKeeper({ driver: service.database.driver, refiner, log });
  t.teardown(() => keeper.close());
  return { keeper, warnings };
}

const ingest = (keeper: SummaryKeeper, body: object) =>
  createThread(service.database, keeper, org.organizationId, { externalUser: { externalId: uniqueId("user") }, ...body });

const summaryOf = async (threadId: number) => (await prisma.thread.findUniqueOrThrow({ where: { id: threadId } })).summary;

const exchange = (question: string, answerText: string) => [
  { role: "user" as const, content: question },
  { role: "assistant" as const, content: answerText },
];

t.test("the refined summary replaces the built-in one after commit, without holding up the ingest", async (t) => {
  const gate = gatedSummarizer();
  const { keeper, warnings } = keeperWith(t, gate.summarizer);
  const { threadId } = await ingest(keeper, { messages: exchange("Can I pay by invoice?", "Yes, on the Team plan.") });
  const call = await gate.nextCall();
  t.equal(await summaryOf(threadId), "User asked: Can I pay by invoice?\nLatest answer: Yes, on the Team plan.", "built-in, while the refiner works");
  t.same(call.conversation, { messages: exchange("Can I pay by invoice?", "Yes, on the Team plan."), truncated: false });
  call.resolve("The user asked about paying by invoice: possible on the Team plan.");
  await keeper.settled();
  t.equal(await summaryOf(threadId), "The user asked about paying by invoice: possible on the Team plan.");
  t.same(warnings, []);
});

t.test("a late answer never overwrites the summary of newer messages", async (t) => {
  const gate = gatedSummarizer();
  const { keeper } = keeperWith(t, gate.summarizer);
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  const { threadId } = await createThread(service.database, keeper, org.organizationId, { externalId, externalUser, messages: exchange("First?", "One.") });
  const stale = await gate.nextCall();

  await createThread(service.database, keeper, org.organizationId, { externalId, externalUser, messages: exchange("Second?", "Two.") });
  const builtin = await summaryOf(threadId);
  t.match(builtin, /User asked: First\? Second\?\nLatest answer: Two\./, "the append's built-in summary");

  stale.resolve("STALE: only about the first question");
  const fresh = await gate.nextCall();
  t.equal(await summaryOf(threadId), builtin, "the stale answer was not stored");
  t.same(fresh.conversation.messages.map((message) => message.content), ["First?", "One.", "Second?", "Two."]);
  fresh.resolve("FRESH: both questions");
  await keeper.settled();
  t.equal(await summaryOf(threadId), "FRESH: both questions");
  t.equal(gate.calls.length, 2);
});

t.test("the guard itself: a summary of older messages is refused", async (t) => {
  const gate = gatedSummarizer();
  const { keeper } = keeperWith(t, gate.summarizer);
  const { threadId } = await ingest(keeper, { messages: exchange("Q?", "A.") });
  const stored = await prisma.thread.findUniqueOrThrow({ where: { id: threadId } });
  t.notOk(await replaceSummaryIfCurrent(service.database.driver, org.organizationId, threadId, "older", stored.summaryMessageId! - 1));
  t.notOk(await replaceSummaryIfCurrent(service.database.driver, org.organizationId + 1_000_000, threadId, "other org", stored.summaryMessageId!));
  t.equal(await summaryOf(threadId), stored.summary);
  t.ok(await replaceSummaryIfCurrent(service.database.driver, org.organizationId, threadId, "current", stored.summaryMessageId!));
  t.equal(await summaryOf(threadId), "current");
  (await gate.nextCall()).resolve("x");
});

t.test("a failing refiner keeps the built-in summary and logs a warning", async (t) => {
  const gate = gatedSummarizer();
  const { keeper, warnings } = keeperWith(t, gate.summarizer);
  const { threadId } = await ingest(keeper, { messages: exchange("Will this fail?", "Maybe.") });
  (await gate.nextCall()).reject(new Error("LLM down"));
  await keeper.settled();
  t.equal(await summaryOf(threadId), "User asked: Will this fail?\nLatest answer: Maybe.");
  t.same(warnings, ["summarizer failed; the thread keeps its built-in summary"]);
});

t.test("an empty answer keeps the built-in summary", async (t) => {
  const gate = gatedSummarizer();
  const { keeper } = keeperWith(t, gate.summarizer);
  const { threadId } = await ingest(keeper, { messages: exchange("Empty?", "Yes.") });
  (await gate.nextCall()).resolve("");
  await keeper.settled();
  t.equal(await summaryOf(threadId), "User asked: Empty?\nLatest answer: Yes.");
});

t.test("nothing to refine: no call for a thread without user or assistant text", async (t) => {
  const gate = gatedSummarizer();
  const { keeper } = keeperWith(t, gate.summarizer);
  await ingest(keeper, {});
  await ingest(keeper, { messages: [{ role: "tool", content: "{}" }] });
  await keeper.settled();
  t.equal(gate.calls.length, 0);
});

t.test("close aborts a slow refiner; the thread keeps its built-in summary", async (t) => {
  const gate = gatedSummarizer();
  const { warnings, log } = recordingLog();
  const keeper = new SummaryKeeper({ driver: service.database.driver, refiner: gate.summarizer, log });
  const { threadId } = await ingest(keeper, { messages: exchange("Slow?", "Very.") });
  const call = await gate.nextCall();
  await keeper.close();
  t.ok(call.signal?.aborted);
  t.equal(await summaryOf(threadId), "User asked: Slow?\nLatest answer: Very.");
  t.same(warnings, [], "stopping is not a failure");
  keeper.refineLater(org.organizationId, threadId);
  t.equal(gate.calls.length, 1, "nothing starts after close");
});

t.test("through the app: the LLM's summary becomes the memory; a failing LLM leaves the built-in one", async (t) => {
  const fake = await startFakeLlm(t, answer("LLM: the user wants to export their data as CSV."));
  const llm = openAiSummarizer({ baseUrl: fake.baseUrl, model: "m", timeoutMs: 2000, retries: 1, retryDelayMs: 1 });
  const { api, org: owner } = await startService(t, { summarizer: llm });
  const client = api(owner.privateKey);
  const summaryOf = async (userExternalId: string) =>
    (await client.GET("/api/external/memory", { params: { query: { userExternalId } } })).data!.summary;
  const post = (userExternalId: string, question: string) =>
    client.POST("/api/external/threads", { body: { externalUser: { externalId: userExternalId }, messages: exchange(question, "Use Export.") } });

  const happy = uniqueId("user");
  t.equal((await post(happy, "How do I export to CSV?")).response.status, 201);
  await eventually(async () => (await summaryOf(happy)) === "LLM: the user wants to export their data as CSV.", "the LLM summary");
  t.equal(fake.requests.length, 1);

  fake.behaviour = status(500);
  const unlucky = uniqueId("user");
  t.equal((await post(unlucky, "And to Excel?")).response.status, 201, "a failing LLM never fails an ingest");
  await eventually(async () => fake.requests.length === 3, "the attempt and its retry");
  await sleep(100);
  t.equal(await summaryOf(unlucky), "User asked: And to Excel?\nLatest answer: Use Export.");

  fake.behaviour = answer("The user wants to know how to export their data to a spreadsheet, and the assistant said to use Export.");
  const french = uniqueId("user");
  t.equal((await post(french, "Comment est-ce que je peux exporter mes données vers un tableur, avec toutes les colonnes ?")).response.status, 201);
  await eventually(async () => fake.requests.length === 4, "the request for the French thread");
  await sleep(100);
  t.equal(fake.requests.length, 4, "an answer in another language is not retried");
  t.equal(
    await summaryOf(french),
    "User asked: Comment est-ce que je peux exporter mes données vers un tableur, avec toutes les colonnes ?\nLatest answer: Use Export.",
    "an answer in English to a French user leaves the built-in summary",
  );
});
