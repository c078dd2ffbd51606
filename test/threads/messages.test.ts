import t from "tap";
import type { components } from "../../client/src/index.ts";
import { FORBIDDEN, UNAUTHORIZED, contractViolations } from "../helpers/contract.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// Bounded answers: a Thread object carries the latest 100 messages and messageCount;
// GET /api/external/threads/{threadId}/messages pages through all of them.
const service = await startService(t);
const { org, api, call } = service;

type Message = components["schemas"]["Message"];
const contents = (messages: Message[]) => messages.map((m) => m.content);
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `message ${from + i}`);
const messages = (from: number, to: number) => numbered(from, to).map((content, i) => ({ role: "user" as const, content, externalId: `m${from + i}` }));

const externalId = uniqueId("long");
const externalUser = { externalId: uniqueId("user") };
const created = await api(org.privateKey).POST("/api/external/threads", { body: { externalId, externalUser, messages: messages(0, 150) } });
const threadId = created.data!.id;

const page = (query: { pageSize?: number; pageIndex?: number }, id = threadId, key = org.privateKey) =>
  api(key).GET("/api/external/threads/{threadId}/messages", { params: { path: { threadId: id }, query } });
const pageRaw = (url: string, key: string | null = org.privateKey) => call(key, { method: "GET", url });

t.test("Create Thread answers with the latest 100 messages in arrival order and messageCount", async (t) => {
  t.equal(created.response.status, 201);
  t.equal(created.data!.messageCount, 150);
  t.same(contents(created.data!.messages), numbered(50, 150));
  t.same(contractViolations("Thread", created.data), []);
});

t.test("an append answers with the latest 100 too, counting all", async (t) => {
  const appended = await api(org.privateKey).POST("/api/external/threads", { body: { externalId, externalUser, messages: messages(150, 151) } });
  t.equal(appended.response.status, 200);
  t.equal(appended.data!.messageCount, 151);
  t.same(contents(appended.data!.messages), numbered(51, 151));
});

t.test("the listing carries the latest 100 messages and messageCount", async (t) => {
  const listed = await api(org.privateKey).GET("/api/external/threads", { params: { query: { ids: [threadId] } } });
  t.equal(listed.response.status, 200);
  const [thread] = listed.data!.rows;
  t.equal(thread!.messageCount, 151);
  t.same(contents(thread!.messages), numbered(51, 151));
});

t.test("a thread without messages: messageCount 0, an empty page", async (t) => {
  const empty = await api(org.privateKey).POST("/api/external/threads", { body: { externalUser } });
  t.equal(empty.data!.messageCount, 0);
  t.same(empty.data!.messages, []);
  const response = await page({}, empty.data!.id);
  t.equal(response.response.status, 200);
  t.same(response.data, { count: 0, countExact: true, rows: [] });
});

t.test("the messages operation pages through all of them in arrival order", async (t) => {
  const first = await page({});
  t.equal(first.response.status, 200);
  t.equal(first.data!.count, 151);
  t.same(contents(first.data!.rows), numbered(0, 100), "pageSize defaults to 100, pageIndex to 0");
  t.same(contractViolations("MessagePage", first.data), []);
  t.same(contents((await page({ pageIndex: 1 })).data!.rows), numbered(100, 151));
  t.same(contents((await page({ pageSize: 40, pageIndex: 2 })).data!.rows), numbered(80, 120));
  t.same(contents((await page({ pageSize: 1000 })).data!.rows), numbered(0, 151));
  t.same(contents((await page({ pageSize: 1, pageIndex: 150 })).data!.rows), ["message 150"]);
  t.same((await page({ pageSize: 1000, pageIndex: 1_000_000 })).data, { count: 151, countExact: true, rows: [] }, "beyond the end: empty, still counted");
  const [stored] = first.data!.rows;
  t.match(stored, { externalId: "m0", role: "user", type: "markdown", metadata: {}, jsonContent: null });
});

t.test("a thread that does not exist or belongs to another organization is a 404", async (t) => {
  const other = await service.newOrganization();
  const foreign = await page({}, threadId, other.privateKey);
  t.equal(foreign.response.status, 404);
  t.same(foreign.error, { error: "Thread not found" });
  const unknown = await page({}, 2147483647);
  t.equal(unknown.response.status, 404);
  t.same(unknown.error, { error: "Thread not found" });
});

t.test("private key only: 401 without or with an unknown key, 403 with a public key", async (t) => {
  const missing = await pageRaw(`/api/external/threads/${threadId}/messages`, null);
  t.equal(missing.statusCode, 401);
  t.same(missing.json(), UNAUTHORIZED);
  t.equal((await page({}, threadId, "sk_not-a-key")).response.status, 401);
  const publicKey = await page({}, threadId, org.publicKey);
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
});

const invalid: [string, string][] = [
  ["pageSize", "pageSize=0"],
  ["pageSize", "pageSize=1001"],
  ["pageSize", "pageSize=ten"],
  ["pageSize", "pageSize=2.5"],
  ["pageIndex", "pageIndex=-1"],
  ["pageIndex", "pageIndex=1000001"],
  ["pageIndex", "pageIndex=first"],
];
for (const [parameter, query] of invalid) {
  t.test(`400 naming ${parameter} for ${query}`, async (t) => {
    const response = await pageRaw(`/api/external/threads/${threadId}/messages?${query}`);
    t.equal(response.statusCode, 400);
    t.match(response.json().error, new RegExp(`\\b${parameter}\\b`));
  });
}

for (const id of ["0", "abc", "1.5", "2147483648"]) {
  t.test(`400 naming threadId for ${id}`, async (t) => {
    const response = await pageRaw(`/api/external/threads/${id}/messages`);
    t.equal(response.statusCode, 400);
    t.match(response.json().error, /\bthreadId\b/);
  });
}
