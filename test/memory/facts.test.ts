// Facts kept by Create Thread: supersession across threads by statedAt, history, no duplicates,
// only the user's own statements, forgetting for good, and one current fact per subject under concurrency.
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { says, taggedExtractor, taggedIngest } from "../helpers/facts.ts";
import type { FactExtractor } from "../../src/memory/facts/extractor.ts";
import { SummaryKeeper } from "../../src/memory/summaryKeeper.ts";
import { createThread } from "../../src/threads/ingest.ts";

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

const service = await startService(t);
const { org, api } = service;
const { prisma } = service.database;
const ingest = taggedIngest(service, t.teardown);

const listFacts = (userExternalId: string, history = true, key = org.privateKey) =>
  api(key).GET("/api/external/memory/facts", { params: { query: { userExternalId, ...(history ? { include: "history" as const } : {}) } } });

/** The user's stored facts, oldest statement first. */
const storedFacts = async (userExternalId: string) =>
  prisma.fact.findMany({ where: { user: { organizationId: org.organizationId, externalId: userExternalId } }, orderBy: [{ statedAt: "asc" }, { id: "asc" }] });

/** Every fact closed by the next one of its subject, and only the last one current. */
function assertTimeline(t: TapTest, facts: Awaited<ReturnType<typeof storedFacts>>) {
  const subjects = new Map<string, typeof facts>();
  for (const fact of facts) subjects.set(fact.subject, [...(subjects.get(fact.subject) ?? []), fact]);
  for (const [subject, timeline] of subjects) {
    timeline.forEach((fact, index) => {
      const next = timeline[index + 1];
      t.same(
        [fact.invalidAt?.toISOString() ?? null, fact.supersededById],
        [next ? next.statedAt.toISOString() : null, next ? next.id : null],
        `${subject}: ${fact.text}`,
      );
    });
  }
}

t.test("a later thread's statement supersedes the fact: history with invalidAt and supersededById", async (t) => {
  const userExternalId = uniqueId("user");
  const first = await ingest({
    externalId: uniqueId("thread"),
    externalUser: { externalId: userExternalId },
    messages: [says("home city", "I live in Paris", "2024-05-01T09:00:00.000Z", "m-1"), { role: "assistant", content: "Noted." }],
  });
  const second = await ingest({
    externalUser: { externalId: userExternalId },
    messages: [says("home city", "We moved to Lyon", "2024-09-02T08:15:00.000Z")],
  });
  const listed = await listFacts(userExternalId);
  t.equal(listed.response.status, 200);
  const [lyon, paris] = listed.data!.facts;
  const secondMessage = second.thread.messages[0]!;
  t.same(listed.data, {
    userExternalId,
    facts: [
      {
        id: lyon!.id,
        subject: "home city",
        text: "We moved to Lyon",
        statedAt: "2024-09-02T08:15:00.000Z",
        invalidAt: null,
        supersededById: null,
        source: { threadId: second.thread.id, threadExternalId: null, messageId: secondMessage.id, messageExternalId: null },
      },
      {
        id: paris!.id,
        subject: "home city",
        text: "I live in Paris",
        statedAt: "2024-05-01T09:00:00.000Z",
        invalidAt: "2024-09-02T08:15:00.000Z",
        supersededById: lyon!.id,
        source: { threadId: first.thread.id, threadExternalId: first.thread.externalId, messageId: first.thread.messages[0]!.id, messageExternalId: "m-1" },
      },
    ],
  });
  const current = await listFacts(userExternalId, false);
  t.same(current.data!.facts.map((fact) => fact.id), [lyon!.id], "without include=history: the current fact only");
  assertTimeline(t, await storedFacts(userExternalId));
});

t.test("an older thread ingested late lands as history and never replaces the newer fact", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  await ingest({ externalUser, messages: [says("budget", "My budget is now $120", "2024-06-01T00:00:00.000Z")] });
  await ingest({ externalUser, messages: [says("budget", "My budget is $80", "2024-03-01T00:00:00.000Z")] });
  const facts = await storedFacts(userExternalId);
  t.same(
    facts.map((fact) => [fact.text, fact.invalidAt?.toISOString() ?? null]),
    [
      ["My budget is $80", "2024-06-01T00:00:00.000Z"],
      ["My budget is now $120", null],
    ],
  );
  assertTimeline(t, facts);

  // A statement between two known ones joins the timeline between them.
  await ingest({ externalUser, messages: [says("budget", "My budget is $100", "2024-04-15T00:00:00.000Z")] });
  const timeline = await storedFacts(userExternalId);
  t.same(timeline.map((fact) => fact.text), ["My budget is $80", "My budget is $100", "My budget is now $120"]);
  assertTimeline(t, timeline);
  const current = await listFacts(userExternalId, false);
  t.same(current.data!.facts.map((fact) => fact.text), ["My budget is now $120"]);
});

t.test("saying the same thing again (case and punctuation aside) makes no second fact, in a later thread, an older one or the same ingest", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const threadExternalId = uniqueId("thread");
  await ingest({
    externalId: threadExternalId,
    externalUser,
    messages: [says("diet", "I'm vegetarian", "2024-05-01T00:00:00.000Z"), says("diet", "I'm vegetarian", "2024-05-01T00:01:00.000Z")],
  });
  await ingest({ externalUser, messages: [says("diet", "I'm vegetarian", "2024-07-01T00:00:00.000Z")] });
  await ingest({ externalUser, messages: [says("diet", "I'm vegetarian", "2024-01-01T00:00:00.000Z")] });
  await ingest({ externalId: threadExternalId, externalUser, messages: [says("diet", "I'm vegetarian", "2024-08-01T00:00:00.000Z")] });
  await ingest({ externalUser, messages: [says("diet", "i'm  VEGETARIAN!", "2024-09-01T00:00:00.000Z")] });
  const facts = await storedFacts(userExternalId);
  t.same(
    facts.map((fact) => [fact.text, fact.statedAt.toISOString(), fact.invalidAt]),
    [["I'm vegetarian", "2024-05-01T00:00:00.000Z", null]],
  );
});

t.test("only the user's statements: an assistant's or a system's are not the user's facts", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "system", content: "[diet] You are a vegan chef" },
      { role: "assistant", content: "[home city] You live in Rome" },
      says("pet", "We just got a puppy", "2024-05-01T00:00:00.000Z"),
    ],
  });
  t.same((await storedFacts(userExternalId)).map((fact) => [fact.subject, fact.text]), [["pet", "We just got a puppy"]]);
});

t.test("within one ingest the later statement supersedes the earlier one", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [says("budget", "My budget is $80", "2024-05-01T00:00:00.000Z"), says("budget", "Make that $90", "2024-05-01T00:05:00.000Z")],
  });
  const facts = await storedFacts(userExternalId);
  t.same(facts.map((fact) => fact.text), ["My budget is $80", "Make that $90"]);
  assertTimeline(t, facts);
});

t.test("a text longer than 300 characters is cut to 300", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [says("plans", `I plan ${"x".repeat(400)}`, "2024-05-01T00:00:00.000Z")] });
  const [fact] = await storedFacts(userExternalId);
  t.equal(fact!.text.length, 300);
});

t.test("DELETE forgets a fact for good: 204, gone from facts and history, never kept again", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const threadExternalId = uniqueId("thread");
  await ingest({ externalUser, messages: [says("home city", "I live in Paris", "2024-05-01T00:00:00.000Z")] });
  await ingest({ externalId: threadExternalId, externalUser, messages: [says("home city", "We moved to Lyon", "2024-09-01T00:00:00.000Z")] });
  const [lyon, paris] = (await listFacts(userExternalId)).data!.facts;

  const deleted = await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: lyon!.id } } });
  t.equal(deleted.response.status, 204);
  t.equal(await deleted.response.text(), "");
  const after = (await listFacts(userExternalId)).data!.facts;
  t.same(after.map((fact) => [fact.id, fact.invalidAt, fact.supersededById]), [[paris!.id, "2024-09-01T00:00:00.000Z", null]], "the older one stays history");
  t.equal(await prisma.fact.count({ where: { id: lyon!.id } }), 0, "the row is gone");
  t.equal(await prisma.factForgotten.count({ where: { externalUserId: (await storedFacts(userExternalId))[0]!.externalUserId, statement: "we moved to lyon" } }), 1);

  // The same message ingested again (appended to its thread without an externalId), and in another thread.
  await ingest({ externalId: threadExternalId, externalUser, messages: [says("home city", "We moved to Lyon", "2024-09-01T00:00:00.000Z")] });
  await ingest({ externalUser, messages: [says("home city", "We moved to Lyon", "2024-10-01T00:00:00.000Z")] });
  t.same((await listFacts(userExternalId)).data!.facts.map((fact) => fact.id), [paris!.id], "not brought back");

  const again = await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: lyon!.id } } });
  t.same([again.response.status, again.error], [404, { error: "Fact not found" }]);

  // Something else said later is kept, and becomes current.
  await ingest({ externalUser, messages: [says("home city", "Now I live in Nice", "2024-11-01T00:00:00.000Z")] });
  t.same((await listFacts(userExternalId, false)).data!.facts.map((fact) => fact.text), ["Now I live in Nice"]);
});

t.test("DELETE: the forgotten statement is gone from the context, the summary's lines that quote it too", async (t) => {
  const userExternalId = uniqueId("user");
  const statement = "I am diabetic and I live in Berlin";
  await ingest({ externalUser: { externalId: userExternalId }, messages: [says("health", statement, "2024-01-01T00:00:00.000Z"), { role: "assistant", content: "Noted." }] });
  const context = async () => (await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId } } })).data!;
  const before = await context();
  t.match(before.context, /Summary of the latest conversation:[^]*diabetic/, "the summary quotes it");
  const [fact] = (await listFacts(userExternalId)).data!.facts;
  t.equal((await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: fact!.id } } })).response.status, 204);
  const after = await context();
  t.notMatch(after.context, /diabetic/i);
  t.same(after.factIds, []);
});

t.test("DELETE: another organization's fact or an unknown id is 404; a public key is 403; a bad id 400", async (t) => {
  const other = await service.newOrganization();
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [says("diet", "I'm vegan", "2024-05-01T00:00:00.000Z")] }, other.organizationId);
  const [theirs] = (await listFacts(userExternalId, true, other.privateKey)).data!.facts;
  for (const factId of [theirs!.id, 2147483647]) {
    const response = await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId } } });
    t.same([response.response.status, response.error], [404, { error: "Fact not found" }], String(factId));
  }
  const publicKey = await api(other.publicKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: theirs!.id } } });
  t.same([publicKey.response.status, publicKey.error], [403, { error: "Forbidden - this operation requires a private API key" }]);
  for (const factId of ["0", "abc", "2147483648"]) {
    const response = await service.call(org.privateKey, { method: "DELETE", url: `/api/external/memory/facts/${factId}` });
    t.equal(response.statusCode, 400, factId);
    t.match(response.json(), { error: /factId/ });
  }
  t.equal(await prisma.fact.count({ where: { id: theirs!.id } }), 1, "their fact is still there");
});

t.test("deleting a user deletes their facts and what they asked to forget", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [says("diet", "I'm vegan", "2024-05-01T00:00:00.000Z"), says("pet", "I have a cat", "2024-05-01T00:00:00.000Z")] });
  const [fact] = await storedFacts(userExternalId);
  await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: fact!.id } } });
  const userId = fact!.externalUserId;
  t.equal(await prisma.factForgotten.count({ where: { externalUserId: userId } }), 1);
  const deleted = await api(org.privateKey).DELETE("/api/external/users/{externalId}", { params: { path: { externalId: userExternalId } } });
  t.equal(deleted.response.status, 204);
  t.equal(await prisma.fact.count({ where: { externalUserId: userId } }), 0);
  t.equal(await prisma.factForgotten.count({ where: { externalUserId: userId } }), 0);
});

t.test("concurrent ingests of one user: one current fact per subject, a consistent timeline", async (t) => {
  const userExternalId = uniqueId("user");
  const days = Array.from({ length: 8 }, (_, day) => day + 1);
  await Promise.all(
    days.map((day) =>
      ingest({
        externalUser: { externalId: userExternalId },
        messages: [says("budget", `My budget is $${day * 10}`, `2024-05-0${day}T00:00:00.000Z`), says("city", `City ${day}`, `2024-05-0${day}T00:00:00.000Z`)],
      }),
    ),
  );
  const facts = await storedFacts(userExternalId);
  t.equal(facts.length, 16);
  t.same(facts.filter((fact) => fact.invalidAt === null).map((fact) => fact.text).sort(), ["City 8", "My budget is $80"]);
  assertTimeline(t, facts);
});

t.test("the language of the user's messages is kept for search", async (t) => {
  const userExternalId = uniqueId("user");
  const { thread } = await ingest({
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "user", content: "Ich suche einen neuen Mixer für die Küche, weil der alte nicht mehr geht und ich ihn jeden Tag brauche." },
      { role: "assistant", content: "Gerne helfe ich Ihnen dabei." },
      { role: "user", content: "ok" },
    ],
  });
  const stored = await prisma.message.findMany({ where: { threadId: thread.id }, orderBy: { id: "asc" } });
  t.same(stored.map((message) => message.language), ["de", null, "de"], "a short message takes the language of what the user wrote with it");
});

t.test("Create Thread keeps facts with the built-in extractor before it answers (decisions.md's examples)", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const post = (messages: { role: "user" | "assistant"; content: string; createdAt: string }[]) =>
    api(org.privateKey).POST("/api/external/threads", { body: { externalUser, messages } });
  t.equal(
    (
      await post([
        { role: "user", content: "I live in Paris.", createdAt: "2024-01-01T00:00:00.000Z" },
        { role: "assistant", content: "You live in Rome, right?", createdAt: "2024-01-01T00:00:01.000Z" },
        { role: "user", content: "I'm vegetarian.", createdAt: "2024-01-01T00:00:02.000Z" },
      ])
    ).response.status,
    201,
  );
  await post([
    { role: "user", content: "I work night shifts at a hospital.", createdAt: "2024-02-01T00:00:00.000Z" },
    { role: "assistant", content: "Ok.", createdAt: "2024-02-01T00:00:01.000Z" },
    { role: "user", content: "Update: I switched to day shifts last week, so I can run in the mornings now.", createdAt: "2024-02-01T00:00:02.000Z" },
    { role: "assistant", content: "Morning runs are great.", createdAt: "2024-02-01T00:00:03.000Z" },
    { role: "user", content: "Also I can do four days a week now instead of three.", createdAt: "2024-02-01T00:00:04.000Z" },
    { role: "assistant", content: "Perfect, add an easy 25-minute run on the fourth day.", createdAt: "2024-02-01T00:00:05.000Z" },
  ]);
  await post([{ role: "user", content: "We moved to Lyon last month.", createdAt: "2024-03-01T00:00:00.000Z" }]);
  const facts = (await listFacts(userExternalId)).data!.facts;
  const byText = (pattern: RegExp) => facts.find((fact) => pattern.test(fact.text));
  const lyon = byText(/Lyon/);
  t.same([lyon?.invalidAt, byText(/Paris/)?.supersededById, byText(/Paris/)?.subject], [null, lyon?.id, lyon?.subject], "Lyon replaces Paris");
  t.equal(byText(/vegetarian/)?.invalidAt, null);
  t.notOk(byText(/Rome/), "the assistant's words are not the user's facts");
  const day = byText(/day shifts/);
  t.same([day?.invalidAt, byText(/night shifts/)?.supersededById], [null, day?.id], "day shifts replace night shifts");
  t.equal(byText(/four days/)?.invalidAt, null, "four days a week replaces nothing it does not change");
});

t.test("a subject read only in a thread about it is read in a later thread of a user who has it (running days without 'run')", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const post = (content: string, createdAt: string) => api(org.privateKey).POST("/api/external/threads", { body: { externalUser, messages: [{ role: "user", content, createdAt }] } });
  t.equal((await post("I'm back to 4 days a week.", "2024-01-01T00:00:00.000Z")).response.status, 201);
  t.same((await listFacts(userExternalId)).data!.facts, [], "no thread about running yet: four days a week says nothing");
  await post("Training for a marathon, I run 3 days a week.", "2024-02-01T00:00:00.000Z");
  await post("I'm back to 5 days a week.", "2024-03-01T00:00:00.000Z");
  const facts = (await listFacts(userExternalId)).data!.facts.filter((fact) => fact.subject === "running days per week");
  t.same(
    facts.map((fact) => [fact.text, fact.invalidAt === null]),
    [
      ["I'm back to 5 days a week.", true],
      ["I run 3 days a week.", false],
    ],
  );
});

t.test("the extractor is told the user's current facts of the known subjects, from any earlier thread, and no other", async (t) => {
  const keeper = new SummaryKeeper({ driver: service.database.driver, log: { warn: () => {}, debug: () => {} } });
  t.teardown(() => keeper.close());
  const told: [string, string][][] = [];
  const extractor: FactExtractor = {
    async extract(messages, signal, known) {
      told.push([...(known ?? [])].sort());
      return taggedExtractor.extract(messages, signal);
    },
  };
  const externalUser = { externalId: uniqueId("user") };
  const ingestOne = (message: ReturnType<typeof says>) => createThread(service.database, keeper, org.organizationId, { externalUser, messages: [message] }, { extractor });
  await ingestOne(says("running days per week", "3 days a week", "2024-01-01T00:00:00.000Z"));
  await ingestOne(says("diet", "I'm vegan", "2024-02-01T00:00:00.000Z"));
  await ingestOne(says("running days per week", "4 days a week", "2024-03-01T00:00:00.000Z"));
  await ingestOne(says("home city", "I live in Paris", "2024-04-01T00:00:00.000Z"));
  t.same(told, [
    [],
    [["running days per week", "3 days a week"]],
    [["running days per week", "3 days a week"]],
    [["running days per week", "4 days a week"]],
  ], "current texts only, of subjects the extractor reads (no diet)");
});
