import t from "tap";
import { readConfig } from "../../../src/config.ts";
import { configuredFactRefiner } from "../../../src/memory/facts/configured.ts";
import type { FactMessage } from "../../../src/memory/facts/extractor.ts";
import { createLlmFactExtractor, FACT_INSTRUCTIONS, FactReplyError, parseFactReply, promptMessages } from "../../../src/memory/facts/llm.ts";
import { answer, hang, startFakeLlm, status, type Behaviour } from "../../helpers/fakeLlm.ts";

const at = new Date("2025-03-01T10:00:00Z");
const messages: FactMessage[] = [
  { id: 41, role: "user", content: "I live in Paris and I'm vegetarian.", createdAt: at },
  { id: 42, role: "assistant", content: "Noted! Since you live in Paris, try Le Potager.", createdAt: at },
  { id: 43, role: "user", content: "Wir sind nach Lyon gezogen.", createdAt: at, language: "de" },
];

async function extractorFor(t: { teardown(fn: () => unknown): void }, behaviour: Behaviour) {
  const fake = await startFakeLlm(t, behaviour);
  const settings = { baseUrl: fake.baseUrl, apiKey: "sk-test", model: "test-model", timeoutMs: 300, retries: 1, retryDelayMs: 1 };
  return { fake, extractor: createLlmFactExtractor(settings) };
}

const reply = (facts: unknown) => answer(JSON.stringify({ facts }));

t.test("the model's facts, from the endpoint of the LLM summarizer, with the conversation and its message ids", async (t) => {
  const { fake, extractor } = await extractorFor(
    t,
    reply([
      { subject: "Home City", text: "I live in Paris", messageId: 41 },
      { subject: "diet", text: "I'm vegetarian", messageId: 41 },
      { subject: "home city", text: "Wir sind nach Lyon gezogen.", messageId: 43 },
    ]),
  );
  t.same(await extractor.extract(messages), [
    { subject: "home city", text: "I live in Paris", messageId: 41 },
    { subject: "diet", text: "I'm vegetarian", messageId: 41 },
    { subject: "home city", text: "Wir sind nach Lyon gezogen.", messageId: 43 },
  ]);
  const [request] = fake.requests;
  t.equal(request!.path, "/v1/chat/completions");
  t.equal(request!.authorization, "Bearer sk-test");
  t.equal(request!.body.model, "test-model");
  t.same(request!.body.messages.map((message) => message.role), ["system", "user"]);
  t.equal(request!.body.messages[0]!.content, FACT_INSTRUCTIONS);
  t.match(FACT_INSTRUCTIONS, /JSON only/);
  t.match(FACT_INSTRUCTIONS, /"home city", .*"running days per week"/, "the built-in subjects are offered");
  t.match(FACT_INSTRUCTIONS, /"favorite <kind>".*"hobby"/, "a subject named by the statement, and the signals' subjects too");
  t.equal(
    request!.body.messages[1]!.content,
    "[41] User: I live in Paris and I'm vegetarian.\n\n[42] Assistant: Noted! Since you live in Paris, try Le Potager.\n\n[43] User: Wir sind nach Lyon gezogen.",
  );
});

t.test("a reply in a json fence is read; one fact per subject and message, the last", async (t) => {
  const fenced = "```json\n" + JSON.stringify({ facts: [{ subject: "diet", text: "vegan", messageId: 41 }, { subject: "diet", text: "I'm vegetarian", messageId: 41 }] }) + "\n```";
  t.same(parseFactReply(fenced, messages), [{ subject: "diet", text: "I'm vegetarian", messageId: 41 }]);
  t.same(parseFactReply('{"facts":[]}', messages), []);
  t.equal(parseFactReply(JSON.stringify({ facts: [{ subject: "job", text: "x".repeat(500), messageId: 41 }] }), messages)[0]!.text.length <= 300, true);
});

t.test("a reply that is not what was asked, or no reply, throws (the refiner keeps the built-in facts)", async (t) => {
  const bad: [string, Behaviour, RegExp | typeof FactReplyError][] = [
    ["not JSON", answer("The user lives in Paris."), FactReplyError],
    ["no facts array", answer('{"memories":[]}'), FactReplyError],
    ["a fact without text", reply([{ subject: "diet", messageId: 41 }]), FactReplyError],
    ["a messageId that is a number as text", reply([{ subject: "diet", text: "vegan", messageId: "41" }]), FactReplyError],
    ["an empty subject", reply([{ subject: " ", text: "vegan", messageId: 41 }]), FactReplyError],
    ["an unknown message (the source dropped)", reply([{ subject: "diet", text: "vegan", messageId: 99 }]), FactReplyError],
    ["an assistant message as the source", reply([{ subject: "home city", text: "Paris", messageId: 42 }]), FactReplyError],
    ["HTTP 500 on every attempt", status(500), /500/],
    ["no answer before the timeout", hang, /abort|timeout/i],
  ];
  for (const [name, behaviour, expected] of bad) {
    const { extractor } = await extractorFor(t, behaviour);
    await t.rejects(extractor.extract(messages), expected, name);
  }
});

t.test("a thread too long for the prompt: the model reads the latest messages that fit", async (t) => {
  const long: FactMessage[] = [
    { id: 1, role: "user", content: "I live in Paris.", createdAt: at },
    ...Array.from({ length: 30 }, (_, index): FactMessage => ({ id: index + 2, role: index % 2 ? "user" : "assistant", content: "x".repeat(1500), createdAt: at })),
    { id: 40, role: "user", content: "I'm vegetarian.", createdAt: at },
  ];
  const read = promptMessages(long);
  t.ok(read.length < long.length && read.at(-1)!.id === 40, `the latest ${read.length} messages`);
  const { fake, extractor } = await extractorFor(t, reply([{ subject: "diet", text: "I'm vegetarian.", messageId: 40 }]));
  t.same(await extractor.extract(long), [{ subject: "diet", text: "I'm vegetarian.", messageId: 40 }]);
  const prompt = fake.requests[0]!.body.messages[1]!.content;
  t.ok(prompt.length <= 24_000, `${prompt.length} characters`);
  t.notMatch(prompt, /\[1\] User/, "the first message is not read");
  t.match(prompt, /\[40\] User: I'm vegetarian\.$/);
  const { extractor: strict } = await extractorFor(t, reply([{ subject: "home city", text: "I live in Paris.", messageId: 1 }]));
  await t.rejects(strict.extract(long), FactReplyError, "a fact of a message the model did not read has no source in its prompt");
});

t.test("a conversation without user messages asks nothing", async (t) => {
  const { fake, extractor } = await extractorFor(t, reply([]));
  t.same(await extractor.extract([messages[1]!]), []);
  t.equal(fake.requests.length, 0);
});

t.test("configuredFactRefiner: the LLM extractor when the summarizer's LLM is configured, else none", async (t) => {
  t.equal(configuredFactRefiner(readConfig({}).summarizer), undefined);
  const fake = await startFakeLlm(t, reply([{ subject: "diet", text: "I'm vegetarian", messageId: 41 }]));
  const llm = configuredFactRefiner(readConfig({ SUMMARIZER: "openai", OPENAI_BASE_URL: fake.baseUrl, SUMMARIZER_RETRIES: "0" }).summarizer)!;
  t.same(await llm.extract(messages), [{ subject: "diet", text: "I'm vegetarian", messageId: 41 }]);
  t.equal(fake.requests.length, 1);
});
