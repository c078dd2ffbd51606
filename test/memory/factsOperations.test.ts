// The facts listing and the context block: their answers, bounds, keys and every bad input.
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { UNAUTHORIZED } from "../helpers/contract.ts";
import { says, taggedIngest } from "../helpers/facts.ts";

const service = await startService(t);
const { org, api, call } = service;
const ingest = taggedIngest(service, t.teardown);

const FORBIDDEN = { error: "Forbidden - this operation requires a private API key" };
const USER_NOT_FOUND = { error: "User not found" };

/** A user with `count` current facts on subjects s1…, a day apart from 2024-01-01 (the last one newest), and a summary. */
async function userWithFacts(count: number, organizationId = org.organizationId) {
  const userExternalId = uniqueId("user");
  const messages = Array.from({ length: count }, (_, index) =>
    says(`s${index + 1}`, `Fact number ${index + 1}`, new Date(Date.UTC(2024, 0, 1 + index)).toISOString()),
  );
  await ingest({ externalUser: { externalId: userExternalId }, messages }, organizationId);
  return userExternalId;
}

const get = (url: string, key: string | null = org.privateKey) => call(key, { method: "GET", url });

t.test("facts: newest first, limit 1-200 (default 50), include=history", async (t) => {
  const userExternalId = await userWithFacts(60);
  const all = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId } } });
  t.equal(all.response.status, 200);
  t.equal(all.data!.facts.length, 50, "default 50");
  t.same(all.data!.facts.slice(0, 2).map((fact) => fact.text), ["Fact number 60", "Fact number 59"]);
  const limited = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId, limit: 200 } } });
  t.equal(limited.data!.facts.length, 60);
  const one = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId, limit: 1, include: "history" } } });
  t.same(one.data!.facts.map((fact) => fact.text), ["Fact number 60"]);
});

t.test("facts: a user without facts has []; an unknown user or another organization's is 404", async (t) => {
  const silent = uniqueId("user");
  await ingest({ externalUser: { externalId: silent }, messages: [{ role: "user", content: "Hello there" }] });
  const empty = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId: silent, include: "history" } } });
  t.same([empty.response.status, empty.data], [200, { userExternalId: silent, facts: [] }]);
  const theirs = await userWithFacts(1, (await service.newOrganization()).organizationId);
  for (const userExternalId of [uniqueId("nobody"), theirs]) {
    for (const path of ["facts", "context"] as const) {
      const response = await get(`/api/external/memory/${path}?userExternalId=${userExternalId}`);
      t.same([response.statusCode, response.json()], [404, USER_NOT_FOUND], `${path} ${userExternalId}`);
    }
  }
});

t.test("facts and context: bad input is a 400 naming the parameter; keys are checked first", async (t) => {
  const userExternalId = await userWithFacts(1);
  const cases: [url: string, parameter: string][] = [
    ["/api/external/memory/facts", "userExternalId"],
    ["/api/external/memory/facts?userExternalId=", "userExternalId"],
    [`/api/external/memory/facts?userExternalId=${"u".repeat(256)}`, "userExternalId"],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&include=everything`, "include"],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&include=history,current`, "include"],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&limit=0`, "limit"],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&limit=201`, "limit"],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&limit=ten`, "limit"],
    ["/api/external/memory/context", "userExternalId"],
    [`/api/external/memory/context?userExternalId=${userExternalId}&maxChars=199`, "maxChars"],
    [`/api/external/memory/context?userExternalId=${userExternalId}&maxChars=20001`, "maxChars"],
    [`/api/external/memory/context?userExternalId=${userExternalId}&maxChars=2.5`, "maxChars"],
    [`/api/external/memory/context?userExternalId=${userExternalId}&q=${"q".repeat(501)}`, "q"],
    [`/api/external/memory/context?userExternalId=${userExternalId}&q=`, "q"],
  ];
  for (const [url, parameter] of cases) {
    const response = await get(url);
    t.equal(response.statusCode, 400, url.slice(0, 120));
    t.match(response.json(), { error: new RegExp(`\\b${parameter}\\b`) }, url.slice(0, 120));
  }
  t.same((await get("/api/external/memory/facts")).json(), { error: "Missing required parameter: userExternalId" });
  t.same((await get(`/api/external/memory/context?userExternalId=${userExternalId}&q=`)).json(), { error: "Invalid parameter 'q': must NOT have fewer than 1 characters" });
  for (const url of [`/api/external/memory/facts?userExternalId=${userExternalId}`, `/api/external/memory/context?userExternalId=${userExternalId}`, "/api/external/memory/facts"]) {
    t.same([(await get(url, null)).statusCode, (await get(url, null)).json()], [401, UNAUTHORIZED], `no key: ${url}`);
    const publicKey = await get(url, org.publicKey);
    t.same([publicKey.statusCode, publicKey.json()], [403, FORBIDDEN], `public key: ${url}`);
  }
});

t.test("context: current facts newest first, then the latest thread's summary; factIds in its order", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  await ingest({ externalUser, messages: [says("home city", "I live in Paris", "2024-01-01T00:00:00.000Z"), says("diet", "I'm vegetarian", "2024-01-02T00:00:00.000Z")] });
  await ingest({
    externalUser,
    messages: [says("home city", "We moved to Lyon", "2024-03-01T00:00:00.000Z"), { role: "assistant", content: "Welcome to Lyon!" }],
  });
  const facts = (await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId } } })).data!.facts;
  const response = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId } } });
  t.equal(response.response.status, 200);
  const memory = await api(org.privateKey).GET("/api/external/memory", { params: { query: { userExternalId } } });
  t.same(response.data, {
    userExternalId,
    context: [
      "What the user said about themselves (newest first):",
      "- We moved to Lyon (home city, 2024-03-01)",
      "- I'm vegetarian (diet, 2024-01-02)",
      "",
      "Summary of the latest conversation:",
      memory.data!.summary,
    ].join("\n"),
    factIds: facts.map((fact) => fact.id),
  });
  t.notMatch(response.data!.context, /Paris/, "history is not context");
});

t.test("context: never longer than maxChars, cut between whole facts", async (t) => {
  const userExternalId = await userWithFacts(40);
  for (const maxChars of [200, 201, 350, 1000, 2000, 20000]) {
    const { data } = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId, maxChars } } });
    t.ok(data!.context.length <= maxChars, `${data!.context.length} <= ${maxChars}`);
    const lines = data!.context.split("\n").filter((line) => line.startsWith("- "));
    t.equal(lines.length, data!.factIds.length, `${maxChars}: one whole line per fact`);
    lines.forEach((line, index) => t.match(line, new RegExp(`^- Fact number ${40 - index} \\(s${40 - index}, 2024-\\d\\d-\\d\\d\\)$`)));
  }
  const small = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId, maxChars: 200 } } });
  t.ok(small.data!.factIds.length >= 3, "as many facts as fit");
  const full = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId, maxChars: 20000 } } });
  t.equal(full.data!.factIds.length, 40);
  const byDefault = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId } } });
  t.ok(byDefault.data!.context.length <= 2000 && byDefault.data!.context.length > 1500, "default 2000");
});

t.test("context: with q, the facts most related to its words first (inflections included), then the newest", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [
      says("allergy", "I am allergic to peanuts and the kitchen is not a place for them", "2024-01-01T00:00:00.000Z"),
      says("pet", "We have two dogs and the dogs are my whole world", "2024-02-01T00:00:00.000Z"),
      says("home city", "I live in Lyon and I love it", "2024-03-01T00:00:00.000Z"),
    ],
  });
  const related = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId, q: "food with peanut" } } });
  t.match(related.data!.context, /^What the user said about themselves \(most related first\):\n- I am allergic to peanuts/);
  const newest = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId } } });
  t.match(newest.data!.context, /^What the user said about themselves \(newest first\):\n- I live in Lyon/);
  const noMatch = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId, q: "& ! :* the" } } });
  t.equal(noMatch.response.status, 200);
  t.same(noMatch.data!.factIds, newest.data!.factIds, "q of stop words and symbols: newest first");
});

t.test("context of a user with neither facts nor summary is empty", async (t) => {
  const userExternalId = uniqueId("user");
  t.equal((await api(org.privateKey).PUT("/api/external/users", { body: { externalId: userExternalId } })).response.status, 201);
  const response = await api(org.privateKey).GET("/api/external/memory/context", { params: { query: { userExternalId } } });
  t.same([response.response.status, response.data], [200, { userExternalId, context: "", factIds: [] }]);
});
