import t from "tap";
import { createApiKey } from "../../src/keys/keys.ts";
import { valuesOf } from "../../src/db/statement.ts";
import { GET_MEMORY } from "../../src/memory/sql.ts";
import type { components } from "../../client/src/index.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { UNAUTHORIZED } from "../helpers/contract.ts";

const service = await startService(t);
const { api, org, call } = service;
const { prisma } = service.database;

const MISSING = { error: "Missing required parameter: userExternalId" };
const NOT_FOUND = { error: "No user or no memory found" };

const memoryUrl = (userExternalId: string) => `/api/external/memory?userExternalId=${encodeURIComponent(userExternalId)}`;

/** The memory lookup; the typed client sends the key as a Bearer token. */
const getMemory = (userExternalId: string, key = org.privateKey) => api(key).GET("/api/external/memory", { params: { query: { userExternalId } } });

const postThread = (body: components["schemas"]["CreateThreadRequest"], key = org.privateKey) => api(key).POST("/api/external/threads", { body });

const exchange = (question: string, answer: string) => [
  { role: "user" as const, content: question },
  { role: "assistant" as const, content: answer },
];

t.test("200: the summary of the user's thread, with exactly the fields of MemorySummary", async (t) => {
  const userExternalId = uniqueId("user");
  const threadExternalId = uniqueId("thread");
  const created = await postThread({
    externalId: threadExternalId,
    externalUser: { externalId: userExternalId },
    messages: exchange("How do I reset my password?", "Use the link on the login page."),
  });
  t.equal(created.response.status, 201);
  const response = await getMemory(userExternalId);
  t.equal(response.response.status, 200);
  const expected = {
    userExternalId,
    threadId: created.data!.id,
    threadExternalId,
    summary: "User asked: How do I reset my password?\nLatest answer: Use the link on the login page.",
    createdAt: created.data!.createdAt,
  };
  t.same(response.data, expected);
  // Sent as PostgreSQL wrote it: compact JSON in the schema's order, as a serializer would write it.
  const raw = await call(null, { method: "GET", url: memoryUrl(userExternalId), headers: { authorization: `Bearer ${org.privateKey}` } });
  t.equal(raw.headers["content-type"], "application/json; charset=utf-8");
  t.equal(raw.body, JSON.stringify(expected), "the body is compact JSON in the schema's order");
  const stored = await prisma.thread.findUniqueOrThrow({ where: { id: created.data!.id } });
  t.equal(stored.summary, response.data!.summary, "the answer is the stored summary");
  t.equal(stored.createdAt.toISOString(), response.data!.createdAt);
});

t.test("the key: Bearer, ?apiKey or the api-key header, private only; 401 with the exact body otherwise", async (t) => {
  const userExternalId = uniqueId("user");
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Question?", "Answer.") });
  t.equal((await getMemory(userExternalId)).response.status, 200, "Bearer");
  // The typed client sends the key as a Bearer token; this request sends it as ?apiKey instead.
  const viaQuery = await call(null, { method: "GET", url: `${memoryUrl(userExternalId)}&apiKey=${encodeURIComponent(org.privateKey)}` });
  t.equal(viaQuery.statusCode, 200, "?apiKey");
  const viaHeader = await call(null, { method: "GET", url: memoryUrl(userExternalId), headers: { "api-key": org.privateKey } });
  t.equal(viaHeader.statusCode, 200, "the api-key header, as every other operation reads it");

  const refused = [
    { name: "no key", request: { url: memoryUrl(userExternalId) } },
    { name: "unknown Bearer key", request: { url: memoryUrl(userExternalId), headers: { authorization: "Bearer sk_unknown" } } },
    { name: "unknown ?apiKey", request: { url: `${memoryUrl(userExternalId)}&apiKey=sk_unknown` } },
    { name: "empty ?apiKey", request: { url: `${memoryUrl(userExternalId)}&apiKey=` } },
    { name: "public key as Bearer", request: { url: memoryUrl(userExternalId), headers: { authorization: `Bearer ${org.publicKey}` } } },
    { name: "public key as ?apiKey", request: { url: `${memoryUrl(userExternalId)}&apiKey=${org.publicKey}` } },
    { name: "public key in the api-key header", request: { url: memoryUrl(userExternalId), headers: { "api-key": org.publicKey } } },
    { name: "a Basic authorization", request: { url: memoryUrl(userExternalId), headers: { authorization: `Basic ${org.privateKey}` } } },
  ];
  for (const { name, request } of refused) {
    const response = await call(null, { method: "GET", ...request });
    t.equal(response.statusCode, 401, name);
    t.same(response.json(), UNAUTHORIZED, name);
  }
});

t.test("a revoked key is 401", async (t) => {
  const userExternalId = uniqueId("user");
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Question?", "Answer.") });
  const key = await createApiKey(prisma, org.organizationId, "private");
  t.equal((await getMemory(userExternalId, key.key)).response.status, 200);
  t.ok(await service.app.services.keys.revoke(key.prefix));
  const response = await getMemory(userExternalId, key.key);
  t.equal(response.response.status, 401);
  t.same(response.error, UNAUTHORIZED);
});

t.test("400 with the exact body when userExternalId is missing or empty; the key is checked first", async (t) => {
  for (const url of ["/api/external/memory", "/api/external/memory?userExternalId=", "/api/external/memory?other=1"]) {
    const response = await call(null, { method: "GET", url, headers: { authorization: `Bearer ${org.privateKey}` } });
    t.equal(response.statusCode, 400, url);
    t.same(response.json(), MISSING, url);
  }
  const viaQuery = await call(null, { method: "GET", url: `/api/external/memory?apiKey=${org.privateKey}` });
  t.same([viaQuery.statusCode, viaQuery.json()], [400, MISSING], "only the key given, as ?apiKey");
  const noKey = await call(null, { method: "GET", url: "/api/external/memory" });
  t.same([noKey.statusCode, noKey.json()], [401, UNAUTHORIZED]);
});

t.test("404 with the exact body: unknown user, user without threads, another organization's user", async (t) => {
  const other = await service.newOrganization();
  const theirs = uniqueId("user");
  const theirThread = await postThread({ externalUser: { externalId: theirs }, messages: exchange("Secret question?", "Secret answer.") }, other.privateKey);
  t.equal(theirThread.response.status, 201);
  t.equal((await getMemory(theirs, other.privateKey)).response.status, 200, "their key sees their user");

  const threadless = uniqueId("user");
  t.equal((await api(org.privateKey).PUT("/api/external/users", { body: { externalId: threadless } })).response.status, 201);

  for (const userExternalId of [uniqueId("nobody"), threadless, theirs, "x".repeat(300)]) {
    const response = await getMemory(userExternalId);
    t.equal(response.response.status, 404, userExternalId.slice(0, 40));
    t.same(response.error, NOT_FOUND);
  }
});

t.test("the same external id in two organizations: each key sees its own user's memory", async (t) => {
  const other = await service.newOrganization();
  const userExternalId = uniqueId("shared");
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Mine?", "Yours.") });
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Theirs?", "Also theirs.") }, other.privateKey);
  t.match((await getMemory(userExternalId)).data!.summary, /Mine\?/);
  t.match((await getMemory(userExternalId, other.privateKey)).data!.summary, /Theirs\?/);
});

t.test("threads with an empty summary are skipped; none left: 404", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const withMemory = await postThread({ externalUser, messages: exchange("The real question?", "The real answer.") });
  // Created later, so more recent, but nothing to summarize: no messages, or only system and tool ones.
  const empty = await postThread({ externalUser });
  const toolsOnly = await postThread({ externalUser, messages: [{ role: "system", content: "You are a bot." }, { role: "tool", content: "{}" }] });
  const blank = await postThread({ externalUser, messages: [{ role: "user", content: "   " }, { role: "assistant", content: "" }] });
  for (const response of [empty, toolsOnly, blank]) {
    t.equal(response.response.status, 201);
    t.equal((await prisma.thread.findUniqueOrThrow({ where: { id: response.data!.id } })).summary, "");
  }
  const memory = await getMemory(userExternalId);
  t.equal(memory.response.status, 200);
  t.equal(memory.data!.threadId, withMemory.data!.id);

  const lonely = uniqueId("user");
  await postThread({ externalUser: { externalId: lonely } });
  t.same((await getMemory(lonely)).error, NOT_FOUND, "a user whose only thread has no summary");
});

t.test("most recent: latest createdAt, ties broken by the higher id", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  const ids: number[] = [];
  for (const question of ["First?", "Second?", "Third?"]) {
    ids.push((await postThread({ externalUser, messages: exchange(question, "Answer.") })).data!.id);
  }
  const [first, second, third] = ids as [number, number, number];
  t.equal((await getMemory(userExternalId)).data!.threadId, third, "the newest");

  const later = new Date("2030-01-01T00:00:00.000Z");
  await prisma.thread.update({ where: { id: first }, data: { createdAt: later } });
  const latest = (await getMemory(userExternalId)).data!;
  t.equal(latest.threadId, first, "createdAt decides, not the id");
  t.equal(latest.createdAt, later.toISOString());

  await prisma.thread.update({ where: { id: second }, data: { createdAt: later } });
  t.equal((await getMemory(userExternalId)).data!.threadId, second, "same createdAt: the higher id");
});

t.test("threadExternalId is null for a thread created without an externalId", async (t) => {
  const userExternalId = uniqueId("user");
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Anonymous thread?", "Yes.") });
  const body = (await getMemory(userExternalId)).data!;
  t.equal(body.threadExternalId, null);
  t.ok(Object.hasOwn(body, "threadExternalId"), "present, as null");
});

t.test("read after write: an append is in the summary as soon as Create Thread returns", async (t) => {
  const userExternalId = uniqueId("user");
  const externalId = uniqueId("thread");
  const externalUser = { externalId: userExternalId };
  await postThread({ externalId, externalUser, messages: exchange("How do I export my data?", "Use Settings, then Export.") });
  t.match((await getMemory(userExternalId)).data!.summary, /^User asked: How do I export my data\?/);

  const appended = await postThread({ externalId, externalUser, messages: exchange("And how do I delete my account?", "Write to support.") });
  t.equal(appended.response.status, 200);
  const summary = (await getMemory(userExternalId)).data!.summary;
  t.equal(
    summary,
    ["User asked: How do I export my data? And how do I delete my account?", "Latest answer: Write to support."].join("\n"),
  );
});

t.test("only the specification's errors: a NUL names no user (404), a repeated userExternalId is its first value", async (t) => {
  const userExternalId = uniqueId("user");
  t.equal((await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Is it on?", "Yes.") })).response.status, 201);
  for (const value of ["\0", `${userExternalId}\0`]) {
    const response = await call(org.privateKey, { method: "GET", url: memoryUrl(value), headers: { authorization: `Bearer ${org.privateKey}` } });
    t.same([response.statusCode, response.json()], [404, NOT_FOUND], JSON.stringify(value));
  }
  const repeated = await call(org.privateKey, { method: "GET", url: `${memoryUrl(userExternalId)}&userExternalId=someone-else`, headers: { authorization: `Bearer ${org.privateKey}` } });
  t.equal(repeated.statusCode, 200);
  t.equal(repeated.json().userExternalId, userExternalId);
});

t.test("a user id with characters that need encoding", async (t) => {
  const userExternalId = `${uniqueId("user")} é/ü?&=#`;
  await postThread({ externalUser: { externalId: userExternalId }, messages: exchange("Encoded?", "Yes.") });
  const response = await getMemory(userExternalId);
  t.equal(response.response.status, 200);
  t.equal(response.data!.userExternalId, userExternalId);
});

t.test("the lookup is one query on the user's threads newest first: no sort, no scan of other users' threads", async (t) => {
  const userExternalId = uniqueId("user");
  for (const question of ["One?", "Two?", "Three?"]) await postThread({ externalUser: { externalId: userExternalId }, messages: exchange(question, "Yes.") });
  const plan = await prisma.$transaction(async (tx) => {
    // The test tables are tiny: forbid the plans that only pay off on them.
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    await tx.$executeRaw`SET LOCAL enable_bitmapscan = off`;
    const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN ${GET_MEMORY.text}`,
      ...valuesOf(GET_MEMORY, { organizationId: org.organizationId, userExternalId }),
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
  t.match(plan, /Index Scan using "?Thread_organizationId_externalUserId_createdAt_id_idx"? on "?Thread"?/);
  t.match(plan, /Index Scan using "?ExternalUser_organizationId_externalId_key"?/);
  t.match(plan, /Limit/);
  t.notMatch(plan, /Sort|Seq Scan/);
});
