// The LLM extractor refines the built-in facts after commit: its facts replace those of the
// ingest's messages through the same supersession, in their own transaction, with the webhook
// event; a reply that is not usable, an endpoint that is down, or a shutdown leaves the built-in facts.
import type { ServerResponse } from "node:http";
import t from "tap";
import { createBuiltinFactExtractor } from "../../../src/memory/facts/extractor.ts";
import { forgetFact } from "../../../src/memory/facts/facts.ts";
import { createLlmFactExtractor } from "../../../src/memory/facts/llm.ts";
import { FactRefiner } from "../../../src/memory/facts/refiner.ts";
import { createThread } from "../../../src/threads/ingest.ts";
import { SummaryKeeper } from "../../../src/memory/summaryKeeper.ts";
import { startService, uniqueId } from "../../helpers/app.ts";
import { answer, completion, hang, startFakeLlm, status, type Behaviour, type ChatRequest } from "../../helpers/fakeLlm.ts";
import { eventually } from "../../helpers/wait.ts";

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

const service = await startService(t, { webhooks: { allowPrivateNetworks: true } });
const { prisma } = service.database;
const organization = await service.newOrganization();
const subscribed = await service.call(organization.privateKey, {
  method: "POST",
  url: "/api/external/webhooks",
  payload: { url: "http://127.0.0.1:9/hook", events: ["memory.facts_changed"] },
});
t.equal(subscribed.statusCode, 201);
const client = service.api(organization.privateKey);
const builtin = createBuiltinFactExtractor();

/** The id of the message of the prompt whose text starts with `start`. */
const idIn = (request: ChatRequest, start: string) => {
  const found = new RegExp(String.raw`\[(\d+)\] User: ${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).exec(request.body.messages[1]!.content);
  if (!found) throw new Error(`no message "${start}" in the prompt`);
  return Number(found[1]);
};
/** A fake LLM answering `facts(request)` as its JSON reply. */
const replying = (facts: (request: ChatRequest) => unknown[]): Behaviour => (request, n, response) => answer(JSON.stringify({ facts: facts(request) }))(request, n, response);

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_details: object, message: string) => warnings.push(message), debug: () => {} } };
}

async function refinerWith(t: TapTest, behaviour: Behaviour) {
  const fake = await startFakeLlm(t, behaviour);
  const { warnings, log } = recordingLog();
  const extractor = createLlmFactExtractor({ baseUrl: fake.baseUrl, model: "m", timeoutMs: 2000, retries: 1, retryDelayMs: 1 });
  const refiner = new FactRefiner({ driver: service.database.driver, extractor, log });
  const summaries = new SummaryKeeper({ driver: service.database.driver, log });
  t.teardown(() => Promise.all([refiner.close(), summaries.close()]));
  const say = (userExternalId: string, createdAt: string, ...contents: string[]) =>
    createThread(
      service.database,
      summaries,
      organization.organizationId,
      { externalId: uniqueId("thread"), externalUser: { externalId: userExternalId }, messages: contents.map((content) => ({ role: "user", content, createdAt })) },
      { extractor: builtin, refiner },
    );
  return { fake, refiner, warnings, say };
}

/** The user's stored facts, oldest statement first. */
const storedFacts = (userExternalId: string) =>
  prisma.fact.findMany({ where: { user: { organizationId: organization.organizationId, externalId: userExternalId } }, orderBy: [{ statedAt: "asc" }, { id: "asc" }] });
const timeline = async (userExternalId: string) =>
  (await storedFacts(userExternalId)).map((fact) => ({ subject: fact.subject, text: fact.text, id: fact.id, invalidAt: fact.invalidAt?.toISOString() ?? null, supersededById: fact.supersededById }));
const factEvents = () => prisma.webhookEvent.findMany({ where: { organizationId: organization.organizationId, type: "memory.facts_changed" }, orderBy: { createdAt: "asc" } });

t.test("after commit, the LLM's facts replace the built-in ones of the ingest's messages, superseding across threads, with an event", async (t) => {
  const held: ServerResponse[] = [];
  const requests: ChatRequest[] = [];
  const { refiner, warnings, say } = await refinerWith(t, (request, _n, response) => {
    requests.push(request);
    held.push(response);
  });
  const user = uniqueId("user");
  await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris.");
  await eventually(() => held.length === 1);
  const facts = [{ subject: "home city", text: "I live in Paris.", messageId: idIn(requests[0]!, "I live in Paris") }];
  held[0]!.writeHead(200, { "content-type": "application/json" }).end(completion(JSON.stringify({ facts })));
  await refiner.settled();
  const [paris] = await storedFacts(user);
  const eventsBefore = (await factEvents()).length;

  await say(user, "2026-03-02T09:00:00.000Z", "We moved to Lyon last month and I'm vegetarian now.");
  const asIngested = await storedFacts(user);
  const builtinLyon = asIngested.find((fact) => fact.subject === "home city" && fact.invalidAt === null)!;
  t.match(builtinLyon.text, /Lyon/, "the built-in fact is current as soon as Create Thread answers");
  t.equal(asIngested.find((fact) => fact.id === paris!.id)!.supersededById, builtinLyon.id);
  const diet = asIngested.find((fact) => fact.subject === "diet")!;
  t.ok(diet, "the built-in extractor found the diet");

  await eventually(() => held.length === 2);
  const lyonMessage = idIn(requests[1]!, "We moved to Lyon");
  held[1]!.writeHead(200, { "content-type": "application/json" }).end(
    completion(JSON.stringify({ facts: [{ subject: "home city", text: "Moved to Lyon in February", messageId: lyonMessage }, { subject: "diet", text: diet.text, messageId: lyonMessage }] })),
  );
  await refiner.settled();

  const refined = await timeline(user);
  const lyon = refined.find((fact) => fact.text === "Moved to Lyon in February")!;
  t.ok(lyon, "the LLM's fact is kept");
  t.same(
    refined.filter((fact) => fact.subject === "home city"),
    [
      { subject: "home city", text: "I live in Paris.", id: paris!.id, invalidAt: "2026-03-02T09:00:00.000Z", supersededById: lyon.id },
      { subject: "home city", text: "Moved to Lyon in February", id: lyon.id, invalidAt: null, supersededById: null },
    ],
    "the built-in Lyon fact is gone; Paris is superseded by the LLM's",
  );
  t.same(refined.filter((fact) => fact.subject === "diet").map((fact) => fact.id), [diet.id], "a fact the LLM states alike is kept as it was");
  const events = await factEvents();
  t.equal(events.length, eventsBefore + 2, "one event for the ingest, one for the refinement");
  const current = (await client.GET("/api/external/memory/facts", { params: { query: { userExternalId: user } } })).data!;
  t.same(events.at(-1)!.payload, current, "the refinement's event holds the current facts");
  t.same(warnings, []);
});

t.test("an older thread refined late: the LLM's fact lands in the middle of the timeline, as history", async (t) => {
  const { refiner, say } = await refinerWith(
    t,
    replying((request) => {
      const [, id, said] = /\[(\d+)\] User: (.*)/.exec(request.body.messages[1]!.content)!;
      return [{ subject: "home city", text: said === "We moved to Lyon." ? "Lived in Lyon" : said, messageId: Number(id) }];
    }),
  );
  const user = uniqueId("user");
  await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris.");
  await say(user, "2026-05-10T09:00:00.000Z", "I live in Berlin.");
  await say(user, "2026-03-10T09:00:00.000Z", "We moved to Lyon.");
  await refiner.settled();
  const facts = await timeline(user);
  t.same(
    facts.map(({ text, invalidAt }) => [text, invalidAt]),
    [
      ["I live in Paris.", "2026-03-10T09:00:00.000Z"],
      ["Lived in Lyon", "2026-05-10T09:00:00.000Z"],
      ["I live in Berlin.", null],
    ],
    "Paris, then the LLM's Lyon, then Berlin, current",
  );
  t.same(
    facts.map((fact) => fact.supersededById),
    [facts[1]!.id, facts[2]!.id, null],
  );
});

t.test("a valid reply without the built-in fact drops it: the fact it had superseded is current again", async (t) => {
  const { refiner, say } = await refinerWith(
    t,
    replying((request) => (request.body.messages[1]!.content.includes("Paris") ? [{ subject: "home city", text: "I live in Paris.", messageId: idIn(request, "I live in Paris") }] : [])),
  );
  const user = uniqueId("user");
  await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris.");
  await refiner.settled();
  const [paris] = await timeline(user);
  await say(user, "2026-03-10T09:00:00.000Z", "We moved to Lyon.");
  t.equal((await timeline(user)).length, 2, "the built-in Lyon fact, until the LLM answers");
  const events = (await factEvents()).length;
  await refiner.settled();
  t.same(await timeline(user), [{ ...paris!, invalidAt: null, supersededById: null }], "the LLM found no fact in the Lyon message: Paris is current again");
  t.equal((await factEvents()).length, events + 1);
  await say(user, "2026-04-10T09:00:00.000Z", "Let me think about it.");
  await refiner.settled();
  t.equal((await factEvents()).length, events + 1, "nothing changed, no event");
});

t.test("a fact forgotten before the refinement ends stays forgotten, whatever words the LLM uses", async (t) => {
  const held: ServerResponse[] = [];
  const requests: ChatRequest[] = [];
  const { refiner, say } = await refinerWith(t, (request, _n, response) => {
    requests.push(request);
    held.push(response);
  });
  const user = uniqueId("user");
  await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris and I'm vegetarian.");
  const home = (await storedFacts(user)).find((fact) => fact.subject === "home city")!;
  await forgetFact(service.database.driver, organization.organizationId, home.id);
  await eventually(() => held.length === 1);
  const messageId = idIn(requests[0]!, "I live in Paris");
  const facts = [{ subject: "home city", text: "Lives in Paris", messageId }, { subject: "diet", text: "Vegetarian", messageId }];
  held[0]!.writeHead(200, { "content-type": "application/json" }).end(completion(JSON.stringify({ facts })));
  await refiner.settled();
  t.same((await storedFacts(user)).map((fact) => [fact.subject, fact.text]), [["diet", "Vegetarian"]]);
});

t.test("a reply that is not valid, drops the source, or an endpoint that is down: the built-in facts stay, with a warning", async (t) => {
  const cases: [string, Behaviour][] = [
    ["not JSON", answer("The user lives in Paris.")],
    ["a fact of an unknown message", replying(() => [{ subject: "home city", text: "Rome", messageId: 999_999_999 }])],
    ["a fact without text", replying((request) => [{ subject: "home city", messageId: idIn(request, "I live in Paris") }])],
    ["HTTP 500 on every attempt", status(500)],
  ];
  for (const [name, behaviour] of cases) {
    const { refiner, warnings, say, fake } = await refinerWith(t, behaviour);
    const user = uniqueId("user");
    await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris and I'm vegetarian.");
    const asIngested = await timeline(user);
    const events = (await factEvents()).length;
    await refiner.settled();
    t.ok(fake.requests.length > 0, `${name}: the LLM was asked`);
    t.same(await timeline(user), asIngested, `${name}: the built-in facts stay`);
    t.equal(asIngested.length, 2);
    t.equal((await factEvents()).length, events, `${name}: no event`);
    t.same(warnings, ["fact extractor failed; the messages keep their built-in facts"], name);
  }
});

t.test("close aborts a refinement in flight: the built-in facts stay, nothing is logged, nothing starts after", async (t) => {
  const { refiner, warnings, say, fake } = await refinerWith(t, hang);
  const user = uniqueId("user");
  const { threadId } = await say(user, "2026-01-10T09:00:00.000Z", "I live in Paris.");
  const asIngested = await timeline(user);
  await eventually(() => fake.requests.length === 1);
  await refiner.close();
  t.equal(refiner.pending(), 0);
  t.same(await timeline(user), asIngested);
  t.same(warnings, [], "stopping is not a failure");
  refiner.refineLater(organization.organizationId, threadId, { after: 0, upTo: Number.MAX_SAFE_INTEGER });
  t.equal(refiner.pending(), 0, "nothing is queued after close");
  t.equal(fake.requests.length, 1);
});

t.test("through the app: the LLM configured as the fact refiner refines what Create Thread kept", async (t) => {
  const fake = await startFakeLlm(t, replying((request) => [{ subject: "pet", text: "Has a puppy called Rex", messageId: idIn(request, "We just got") }]));
  const factRefiner = createLlmFactExtractor({ baseUrl: fake.baseUrl, model: "m", timeoutMs: 2000, retries: 0, retryDelayMs: 1 });
  const { api, org } = await startService(t, { factRefiner });
  const owner = api(org.privateKey);
  const userExternalId = uniqueId("user");
  const posted = await owner.POST("/api/external/threads", {
    body: { externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "We just got a puppy called Rex!" }] },
  });
  t.equal(posted.response.status, 201);
  const facts = await eventually(async () => {
    const listed = (await owner.GET("/api/external/memory/facts", { params: { query: { userExternalId } } })).data!;
    return listed.facts.some((fact) => fact.text === "Has a puppy called Rex") && listed;
  });
  t.same(
    facts.facts.map((fact) => [fact.subject, fact.text, fact.source.messageId]),
    [["pet", "Has a puppy called Rex", posted.data!.messages![0]!.id]],
  );
});
