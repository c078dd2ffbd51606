import t from "tap";
import { readConfig } from "../../../src/config.ts";
import { configuredFactExtractor } from "../../../src/memory/facts/configured.ts";
import { createBuiltinFactExtractor, extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { createLlmFactExtractor, FACT_INSTRUCTIONS, parseFactReply } from "../../../src/memory/facts/llm.ts";
import { answer, hang, startFakeLlm, status, type Behaviour } from "../../helpers/fakeLlm.ts";

const at = new Date("2025-03-01T10:00:00Z");
const messages: FactMessage[] = [
  { id: 41, role: "user", content: "I live in Paris and I'm vegetarian.", createdAt: at },
  { id: 42, role: "assistant", content: "Noted! Since you live in Paris, try Le Potager.", createdAt: at },
  { id: 43, role: "user", content: "Wir sind nach Lyon gezogen.", createdAt: at, language: "de" },
];
const builtinFacts = extractFacts(messages);

async function extractorFor(t: { teardown(fn: () => unknown): void }, behaviour: Behaviour) {
  const fake = await startFakeLlm(t, behaviour);
  const settings = { baseUrl: fake.baseUrl, apiKey: "sk-test", model: "test-model", timeoutMs: 300, retries: 1, retryDelayMs: 1 };
  return { fake, extractor: createLlmFactExtractor(settings, createBuiltinFactExtractor()) };
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

t.test("a reply that is not what was asked falls back to the built-in extractor", async (t) => {
  const bad: [string, Behaviour][] = [
    ["not JSON", answer("The user lives in Paris.")],
    ["no facts array", answer('{"memories":[]}')],
    ["a fact without text", reply([{ subject: "diet", messageId: 41 }])],
    ["a messageId that is a number as text", reply([{ subject: "diet", text: "vegan", messageId: "41" }])],
    ["an empty subject", reply([{ subject: " ", text: "vegan", messageId: 41 }])],
    ["an unknown message (the source dropped)", reply([{ subject: "diet", text: "vegan", messageId: 99 }])],
    ["an assistant message as the source", reply([{ subject: "home city", text: "Paris", messageId: 42 }])],
    ["HTTP 500 on every attempt", status(500)],
    ["no answer before the timeout", hang],
  ];
  for (const [name, behaviour] of bad) {
    const { extractor } = await extractorFor(t, behaviour);
    t.same(await extractor.extract(messages), builtinFacts, name);
  }
});

t.test("a thread too long for the prompt: the model reads the latest messages, the fallback the earlier ones", async (t) => {
  const long: FactMessage[] = [
    { id: 1, role: "user", content: "I live in Paris.", createdAt: at },
    ...Array.from({ length: 30 }, (_, index): FactMessage => ({ id: index + 2, role: index % 2 ? "user" : "assistant", content: "x".repeat(1500), createdAt: at })),
    { id: 40, role: "user", content: "I'm vegetarian.", createdAt: at },
  ];
  const { fake, extractor } = await extractorFor(t, reply([{ subject: "diet", text: "I'm vegetarian.", messageId: 40 }]));
  t.same(await extractor.extract(long), [
    { subject: "home city", text: "I live in Paris.", messageId: 1 },
    { subject: "diet", text: "I'm vegetarian.", messageId: 40 },
  ]);
  const prompt = fake.requests[0]!.body.messages[1]!.content;
  t.ok(prompt.length <= 24_000, `${prompt.length} characters`);
  t.notMatch(prompt, /\[1\] User/, "the first message is left to the fallback");
  t.match(prompt, /\[40\] User: I'm vegetarian\.$/);
});

t.test("a conversation without user messages asks nothing", async (t) => {
  const { fake, extractor } = await extractorFor(t, reply([]));
  t.same(await extractor.extract([messages[1]!]), []);
  t.equal(fake.requests.length, 0);
});

t.test("configuredFactExtractor: the LLM one when the summarizer's LLM is configured, else the built-in one", async (t) => {
  const builtin = configuredFactExtractor(readConfig({}).summarizer);
  t.same(await builtin.extract(messages), builtinFacts);
  const fake = await startFakeLlm(t, reply([{ subject: "diet", text: "I'm vegetarian", messageId: 41 }]));
  const llm = configuredFactExtractor(readConfig({ SUMMARIZER: "openai", OPENAI_BASE_URL: fake.baseUrl, SUMMARIZER_RETRIES: "0" }).summarizer);
  t.same(await llm.extract(messages), [{ subject: "diet", text: "I'm vegetarian", messageId: 41 }]);
  t.equal(fake.requests.length, 1);
});
