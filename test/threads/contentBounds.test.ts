import t, { type Test } from "tap";
import type { components } from "../../client/src/index.ts";
import { FORBIDDEN, contractViolations } from "../helpers/contract.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// decisions.md, "Bounded in bytes": Thread objects cut a message's content at 2,000 characters and
// pages of messages at 100,000 (contentTruncated says so; jsonContent longer than that as JSON is
// null there); GET …/messages/{messageId} answers one message whole.
const service = await startService(t);
const { org, api, call } = service;

type Message = components["schemas"]["Message"];

const long = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
const bigJson = { text: long(2_100) };
const smallJson = { answer: 42 };
const hugeJson = { text: long(100_100) };
const inputs = [
  { externalId: "short", role: "user" as const, content: "How do I reset my password?" },
  { externalId: "exact", role: "assistant" as const, content: long(2_000) },
  { externalId: "long", role: "user" as const, content: long(2_001) },
  { externalId: "json", role: "tool" as const, type: "json" as const, content: "{}", jsonContent: bigJson },
  { externalId: "small-json", role: "tool" as const, type: "json" as const, content: "{}", jsonContent: smallJson },
  { externalId: "page-long", role: "user" as const, content: long(100_001) },
  { externalId: "page-json", role: "tool" as const, type: "json" as const, content: "{}", jsonContent: hugeJson },
  { externalId: "meta", role: "user" as const, content: "hi", metadata: bigJson },
  { externalId: "page-meta", role: "user" as const, content: "hi", metadata: hugeJson },
];
const externalUser = { externalId: uniqueId("user") };
const created = await api(org.privateKey).POST("/api/external/threads", { body: { externalId: uniqueId("bounded"), externalUser, messages: inputs } });
const threadId = created.data!.id;
const byExternalId = (messages: Message[]) => Object.fromEntries(messages.map((message) => [message.externalId!, message]));

/** The Thread object's cut: 2,000 characters. */
function checkThreadCut(t: Test, messages: Message[]) {
  const shown = byExternalId(messages);
  t.match(shown.short, { content: inputs[0]!.content, contentTruncated: false, jsonContent: null });
  t.match(shown.exact, { content: long(2_000), contentTruncated: false });
  t.match(shown.long, { content: long(2_000), contentTruncated: true });
  t.match(shown.json, { content: "{}", contentTruncated: true, jsonContent: null });
  t.same(shown["small-json"]!.jsonContent, smallJson);
  t.equal(shown["small-json"]!.contentTruncated, false);
  t.match(shown["page-long"], { content: long(2_000), contentTruncated: true });
  t.match(shown["page-json"], { contentTruncated: true, jsonContent: null });
  t.match(shown.meta, { content: "hi", contentTruncated: true, metadata: null });
  t.match(shown["page-meta"], { contentTruncated: true, metadata: null });
  t.same(shown.short!.metadata, {});
}

t.test("Create Thread's answer cuts content at 2,000 characters and leaves out long jsonContent", async (t) => {
  t.equal(created.response.status, 201);
  checkThreadCut(t, created.data!.messages);
  t.same(contractViolations("Thread", created.data), []);
});

t.test("the thread listing cuts the same way", async (t) => {
  const listed = await api(org.privateKey).GET("/api/external/threads", { params: { query: { ids: [threadId] } } });
  t.equal(listed.response.status, 200);
  checkThreadCut(t, listed.data!.rows[0]!.messages);
  t.same(contractViolations("ThreadPage", listed.data), []);
});

t.test("a page of messages cuts at 100,000 characters", async (t) => {
  const page = await api(org.privateKey).GET("/api/external/threads/{threadId}/messages", { params: { path: { threadId } } });
  t.equal(page.response.status, 200);
  const shown = byExternalId(page.data!.rows);
  t.match(shown.long, { content: long(2_001), contentTruncated: false });
  t.same(shown.json!.jsonContent, bigJson);
  t.equal(shown.json!.contentTruncated, false);
  t.match(shown["page-long"], { content: long(100_000), contentTruncated: true });
  t.match(shown["page-json"], { contentTruncated: true, jsonContent: null });
  t.same(shown.meta!.metadata, bigJson);
  t.equal(shown.meta!.contentTruncated, false);
  t.match(shown["page-meta"], { contentTruncated: true, metadata: null });
  t.same(contractViolations("MessagePage", page.data), []);
});

const one = (messageId: number, id = threadId, key = org.privateKey) =>
  api(key).GET("/api/external/threads/{threadId}/messages/{messageId}", { params: { path: { threadId: id, messageId } } });

t.test("GET …/messages/{messageId} answers the message whole", async (t) => {
  const shown = byExternalId(created.data!.messages);
  const content = await one(shown["page-long"]!.id);
  t.equal(content.response.status, 200);
  t.match(content.data, { id: shown["page-long"]!.id, externalId: "page-long", role: "user", type: "markdown", metadata: {}, jsonContent: null });
  t.equal(content.data!.content, long(100_001));
  t.equal(content.data!.contentTruncated, false);
  t.same(contractViolations("Message", content.data), []);
  const json = await one(shown["page-json"]!.id);
  t.same(json.data!.jsonContent, hugeJson);
  t.equal(json.data!.contentTruncated, false);
  const metadata = await one(shown["page-meta"]!.id);
  t.same([metadata.data!.metadata, metadata.data!.contentTruncated], [hugeJson, false]);
});

t.test("a thread's metadata is at most 100,000 characters of JSON, with what appends merged in; beyond, nothing is written", async (t) => {
  const refused = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId: uniqueId("t"), externalUser, metadata: hugeJson } });
  t.same([refused.statusCode, refused.json()], [400, { error: "Invalid field 'metadata': a thread's metadata is at most 100000 characters of JSON, with what earlier calls merged in" }]);
  const externalId = uniqueId("t");
  const half = { a: long(60_000) };
  const first = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId, externalUser, metadata: half } });
  t.equal(first.statusCode, 201);
  const append = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId, externalUser, metadata: { b: long(60_000) }, messages: [{ role: "user", content: "more" }] } });
  t.equal(append.statusCode, 400, "the merge passes the limit");
  const listed = await api(org.privateKey).GET("/api/external/threads", { params: { query: { ids: [first.json().id] } } });
  t.same(listed.data!.rows[0]!.metadata, half, "the metadata as it was");
  t.equal(listed.data!.rows[0]!.messageCount, 0, "no message of the refused call");
  const replace = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId, externalUser, metadata: { a: "short" } } });
  t.equal(replace.statusCode, 200, "a key merged over an old one is counted once");
});

t.test("GET …/messages/{messageId}: unknown or foreign thread, message of another thread", async (t) => {
  const messageId = created.data!.messages[0]!.id;
  const other = await service.newOrganization();
  t.same((await one(messageId, threadId, other.privateKey)).error, { error: "Thread not found" }, "another organization's thread");
  const unknownThread = await one(messageId, 2147483647);
  t.equal(unknownThread.response.status, 404);
  t.same(unknownThread.error, { error: "Thread not found" });
  const otherThread = await api(org.privateKey).POST("/api/external/threads", { body: { externalUser, messages: [{ role: "user", content: "hi" }] } });
  const elsewhere = await one(messageId, otherThread.data!.id);
  t.equal(elsewhere.response.status, 404);
  t.same(elsewhere.error, { error: "Message not found" }, "a message of another thread");
  t.same((await one(2147483647)).error, { error: "Message not found" });
});

t.test("GET …/messages/{messageId}: private key only, ids validated", async (t) => {
  const messageId = created.data!.messages[0]!.id;
  const publicKey = await one(messageId, threadId, org.publicKey);
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
  const invalid = await call(org.privateKey, { method: "GET", url: `/api/external/threads/${threadId}/messages/abc` });
  t.equal(invalid.statusCode, 400);
  t.match(invalid.json(), { error: /messageId/ });
});

t.test("jsonContent's length is that of its compact JSON, as a client writes it: 2,000 characters kept, 2,001 left out", async (t) => {
  // Many separators (", " and ": " in jsonb's text form), and strings holding them, escaped quotes included.
  const sized = (length: number) => {
    const value: Record<string, unknown> = { list: Array.from({ length: 200 }, (_, i) => i % 10), quoted: 'a ", b: "c' };
    value.pad = "";
    value.pad = "x".repeat(length - JSON.stringify(value).length);
    t.equal(JSON.stringify(value).length, length);
    return value;
  };
  const messages = [2_000, 2_001].map((length) => ({ externalId: `json-${length}`, role: "tool" as const, type: "json" as const, content: "{}", jsonContent: sized(length) }));
  const answer = await api(org.privateKey).POST("/api/external/threads", { body: { externalUser, messages } });
  const shown = byExternalId(answer.data!.messages);
  t.same([shown["json-2000"]!.jsonContent, shown["json-2000"]!.contentTruncated], [messages[0]!.jsonContent, false]);
  t.same([shown["json-2001"]!.jsonContent, shown["json-2001"]!.contentTruncated], [null, true]);
});
