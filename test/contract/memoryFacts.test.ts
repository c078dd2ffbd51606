// The user memory operations as a client of openapi.yaml sees them (run through prism with CONTRACT_PROXY=prism).
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations, FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call } = await startService(t);
const client = api(org.privateKey);
const userExternalId = uniqueId("user");

const first = await client.POST("/api/external/threads", {
  body: {
    externalId: uniqueId("thread"),
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "user", content: "I live in Paris. I bought two blenders for my kitchen and the old one is not working.", externalId: "m-1", createdAt: "2024-05-01T09:30:00Z" },
      { role: "assistant", content: "Which blender do you have?", createdAt: "2024-05-01T09:30:05Z" },
    ],
  },
});
await client.POST("/api/external/threads", {
  body: { externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "We moved to Lyon last month.", createdAt: "2024-09-02T08:15:00Z" }] },
});

t.test("listMemoryFacts: 200 with current facts, or with history; each a Fact", async (t) => {
  const current = await client.GET("/api/external/memory/facts", { params: { query: { userExternalId } } });
  t.equal(current.response.status, 200);
  t.same(contractViolations("FactList", current.data), []);
  t.match(current.data!.facts, [{ text: /Lyon/, invalidAt: null, supersededById: null }]);
  const history = await client.GET("/api/external/memory/facts", { params: { query: { userExternalId, include: "history", limit: 200 } } });
  t.same(contractViolations("FactList", history.data), []);
  t.match(history.data!.facts, [
    { text: /Lyon/ },
    { text: /Paris/, statedAt: "2024-05-01T09:30:00.000Z", invalidAt: "2024-09-02T08:15:00.000Z", supersededById: current.data!.facts[0]!.id, source: { threadId: first.data!.id, messageExternalId: "m-1" } },
  ]);
});

t.test("getMemoryContext: 200 with the facts and the summary, within maxChars", async (t) => {
  const response = await client.GET("/api/external/memory/context", { params: { query: { userExternalId, maxChars: 200, q: "where do I live" } } });
  t.equal(response.response.status, 200);
  t.same(contractViolations("MemoryContext", response.data), []);
  t.ok(response.data!.context.length <= 200);
  t.match(response.data!.context, /Lyon/);
  t.notMatch(response.data!.context, /Paris\b.*\(home/, "history is not context");
});

t.test("searchMemory: 200 with the user's messages, best first, a word finding its plural", async (t) => {
  const response = await client.GET("/api/external/memory/search", { params: { query: { userExternalId, q: "blender" } } });
  t.equal(response.response.status, 200);
  t.same(contractViolations("MessageSearch", response.data), []);
  t.match(response.data!.results, [{ threadId: first.data!.id, messageExternalId: "m-1", role: "user", snippet: /blenders/ }]);
  t.equal(response.data!.results.length, 1, "the assistant's message is not the user's");
  const nothing = await client.GET("/api/external/memory/search", { params: { query: { userExternalId, q: "& ! :*" } } });
  t.same([nothing.response.status, nothing.data!.results], [200, []]);
});

t.test("deleteMemoryFact: 204, then 404 Fact not found", async (t) => {
  const [fact] = (await client.GET("/api/external/memory/facts", { params: { query: { userExternalId } } })).data!.facts;
  const deleted = await client.DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: fact!.id } } });
  t.equal(deleted.response.status, 204);
  const again = await client.DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: fact!.id } } });
  t.same([again.response.status, again.error], [404, { error: "Fact not found" }]);
});

t.test("errors: 400 naming the parameter, 401, 403, 404 User not found", async (t) => {
  const get = (url: string, key: string | null = org.privateKey) => call(key, { method: "GET", url });
  const bad: [string, RegExp][] = [
    ["/api/external/memory/facts", /^Missing required parameter: userExternalId$/],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&include=all`, /include/],
    [`/api/external/memory/facts?userExternalId=${userExternalId}&limit=201`, /limit/],
    [`/api/external/memory/context?userExternalId=${userExternalId}&maxChars=100`, /maxChars/],
    [`/api/external/memory/context?userExternalId=${userExternalId}&q=${"q".repeat(501)}`, /\bq\b/],
    [`/api/external/memory/search?userExternalId=${userExternalId}`, /^Missing required parameter: q$/],
    [`/api/external/memory/search?userExternalId=${userExternalId}&q=x&limit=51`, /limit/],
  ];
  for (const [url, error] of bad) {
    const response = await get(url);
    t.equal(response.statusCode, 400, url.slice(0, 100));
    t.match(response.json(), { error }, url.slice(0, 100));
  }
  for (const path of ["facts", "context", "search"]) {
    const url = `/api/external/memory/${path}?userExternalId=${userExternalId}&q=x`;
    t.same([(await get(url, null)).statusCode, (await get(url, null)).json()], [401, UNAUTHORIZED], `${path} without a key`);
    t.same([(await get(url, org.publicKey)).statusCode, (await get(url, org.publicKey)).json()], [403, FORBIDDEN], `${path} with a public key`);
    const unknown = await get(`/api/external/memory/${path}?userExternalId=${uniqueId("nobody")}&q=x`);
    t.same([unknown.statusCode, unknown.json()], [404, { error: "User not found" }], `${path} of an unknown user`);
  }
  const publicDelete = await api(org.publicKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: 1 } } });
  t.same([publicDelete.response.status, publicDelete.error], [403, FORBIDDEN]);
});
