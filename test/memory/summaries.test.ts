import t from "tap";
import { loadConversation } from "../../src/memory/conversation.ts";
import { BUILTIN_WINDOW } from "../../src/summarizer/builtin.ts";
import { MAX_SUMMARY_LENGTH } from "../../src/summarizer/summarizer.ts";
import type { components } from "../../client/src/index.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t);
const { org, api } = service;
const { prisma } = service.database;

const postThread = (body: components["schemas"]["CreateThreadRequest"]) => api(org.privateKey).POST("/api/external/threads", { body });
const storedThread = (id: number) => prisma.thread.findUniqueOrThrow({ where: { id } });
const lastMessageId = async (threadId: number) =>
  (await prisma.message.findFirstOrThrow({ where: { threadId }, orderBy: { id: "desc" } })).id;

t.test("Create Thread stores the summary with the last message it covers", async (t) => {
  const response = await postThread({
    externalUser: { externalId: uniqueId("user") },
    messages: [
      { role: "system", content: "You are a support bot." },
      { role: "user", content: "My order #123 has not arrived." },
      { role: "assistant", content: "It left the depot this morning." },
      { role: "tool", content: '{"tracking":"ok"}', type: "json" },
    ],
  });
  t.equal(response.response.status, 201);
  const thread = await storedThread(response.data!.id);
  t.equal(thread.summary, "User said: My order #123 has not arrived.\nLatest answer: It left the depot this morning.");
  t.equal(thread.summaryMessageId, await lastMessageId(thread.id), "the tool message, last of all, is covered too");
  t.ok(thread.summaryUpdatedAt);
});

t.test("appends without new messages leave the summary alone", async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  const messages = [{ role: "user" as const, content: "Question?", externalId: "m1" }];
  const created = await postThread({ externalId, externalUser, messages });
  const before = await storedThread(created.data!.id);
  await prisma.thread.update({ where: { id: before.id }, data: { summary: "a refined summary" } });

  t.equal((await postThread({ externalId, externalUser, metadata: { tag: "x" } })).response.status, 200);
  t.equal((await postThread({ externalId, externalUser, messages })).response.status, 200, "a retried message");
  const after = await storedThread(before.id);
  t.equal(after.summary, "a refined summary");
  t.same(after.summaryUpdatedAt, before.summaryUpdatedAt);
  t.equal(after.summaryMessageId, before.summaryMessageId);

  await postThread({ externalId, externalUser, messages: [{ role: "user", content: "Another question?" }] });
  const appended = await storedThread(before.id);
  t.equal(appended.summary, "User asked: Question?\nOpen question: Another question?");
  t.equal(appended.summaryMessageId, await lastMessageId(before.id));
});

t.test("a thread of thousands of messages: a bounded summary and a bounded read", async (t) => {
  const externalId = uniqueId("long");
  const externalUser = { externalId: uniqueId("user") };
  let threadId = 0;
  for (let batch = 0; batch < 3; batch++) {
    const messages = Array.from({ length: 1000 }, (_, i) => {
      const n = batch * 500 + Math.floor(i / 2);
      return i % 2 === 0
        ? { role: "user" as const, content: `Question ${n}: what about **feature ${n}**?\n\n\`\`\`js\nconsole.log(${n});\n\`\`\`` }
        : { role: "assistant" as const, content: `Feature ${n} is described in [the guide](https://example.com/${n}).` };
    });
    const response = await postThread({ externalId, externalUser, messages });
    t.equal(response.response.status, batch === 0 ? 201 : 200);
    threadId = response.data!.id;
    t.equal(response.data!.messageCount, 1000 * (batch + 1));
    t.equal(response.data!.messages.length, 100, "the answer carries the latest 100");
  }
  const thread = await storedThread(threadId);
  t.ok(thread.summary.length <= MAX_SUMMARY_LENGTH, `${thread.summary.length} characters`);
  const lines = thread.summary.split("\n");
  t.match(lines[0], /^User asked: Question 0: what about feature 0\? .*Question 1498: what about feature 1498\? Question 1499: what about feature 1499\?$/);
  t.equal(lines[1], "Latest answer: Feature 1499 is described in the guide.");

  const conversation = await loadConversation(service.database.driver, org.organizationId, threadId, BUILTIN_WINDOW, thread.summaryMessageId!);
  t.equal(conversation.messages.length, BUILTIN_WINDOW.opening + BUILTIN_WINDOW.recent, "only the window is read");
  t.ok(conversation.truncated);
});

t.test("the window: user and assistant messages only, truncated exactly when something is left out", async (t) => {
  const window = { opening: 2, recent: 3, maxMessageChars: 9 };
  const externalUser = { externalId: uniqueId("user") };
  const thread = async (count: number) => {
    const messages = Array.from({ length: count }, (_, i) => [
      { role: i % 2 ? ("assistant" as const) : ("user" as const), content: `message ${i} and more text` },
      { role: "tool" as const, content: "tool output" },
    ]).flat();
    const response = await postThread({ externalUser, messages });
    const id = response.data!.id;
    return { id, conversation: await loadConversation(service.database.driver, org.organizationId, id, window, await lastMessageId(id)) };
  };
  const exact = await thread(5);
  t.same(exact.conversation.messages.map((message) => message.content), ["message 0", "message 1", "message 2", "message 3", "message 4"]);
  t.equal(exact.conversation.truncated, false, "opening + recent = all of them");
  t.same(exact.conversation.messages.map((message) => message.role), ["user", "assistant", "user", "assistant", "user"]);

  const oneMore = await thread(6);
  t.same(oneMore.conversation.messages.map((message) => message.content), ["message 0", "message 1", "message 3", "message 4", "message 5"]);
  t.equal(oneMore.conversation.truncated, true);

  const short = await thread(2);
  t.same(short.conversation.messages.map((message) => message.content), ["message 0", "message 1"], "no duplicates when the parts overlap");
  t.equal(short.conversation.truncated, false);

  const firstTwo = await prisma.message.findMany({ where: { threadId: oneMore.id }, orderBy: { id: "asc" }, take: 3 });
  const upTo = await loadConversation(service.database.driver, org.organizationId, oneMore.id, window, firstTwo[2]!.id);
  t.same(upTo.messages.map((message) => message.content), ["message 0", "message 1"], "nothing after upToMessageId");
});

t.test("concurrent appends to one thread: the summary covers the last message", async (t) => {
  const externalId = uniqueId("busy");
  const externalUser = { externalId: uniqueId("user") };
  await postThread({ externalId, externalUser, messages: [{ role: "user", content: "Start." }] });
  const responses = await Promise.all(
    Array.from({ length: 6 }, (_, i) => postThread({ externalId, externalUser, messages: [{ role: "user", content: `Parallel ${i}.` }] })),
  );
  t.same(responses.map((response) => response.response.status), [200, 200, 200, 200, 200, 200]);
  const threadId = responses[0]!.data!.id;
  const thread = await storedThread(threadId);
  const last = await prisma.message.findFirstOrThrow({ where: { threadId }, orderBy: { id: "desc" } });
  t.equal(thread.summaryMessageId, last.id);
  t.ok(thread.summary.endsWith(`Last message: ${last.content}`), thread.summary);
});
