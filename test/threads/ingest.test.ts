import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import type { components } from "../../client/src/index.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;

const postThread = (body: components["schemas"]["CreateThreadRequest"], key = org.privateKey) => api(key).POST("/api/external/threads", { body });
const postInvalidThread = (body: unknown, key: string | null = org.privateKey) =>
  call(key, { method: "POST", url: "/api/external/threads", payload: body as object });

const message = (content: string, extra: { externalId?: string } = {}) => ({ role: "user" as const, content, ...extra });

t.test("creates a thread with its user, messages, intents and metadata (201)", async (t) => {
  const externalId = uniqueId("thread");
  const userId = uniqueId("user");
  const response = await postThread({
    externalId,
    externalUser: { externalId: userId, name: "Ada", segments: { plan: "pro" } },
    metadata: { channel: "web", nested: { a: 1 } },
    intents: ["billing", "refund", "billing"],
    messages: [
      message("Where is my refund?", { externalId: "m1" }),
      { role: "assistant", content: "It is on its way.", type: "text", metadata: { model: "x" } },
      { role: "tool", content: "{}", type: "json", jsonContent: { ok: true }, createdAt: "2024-01-02T03:04:05.000Z" },
    ],
  });
  t.equal(response.response.status, 201);
  const thread = response.data!;
  t.match(thread, {
    organizationId: org.organizationId,
    externalId,
    project: { id: org.projectId, name: "default" },
    metadata: { channel: "web", nested: { a: 1 } },
    externalUser: { externalId: userId, name: "Ada", segments: [{ name: "pro", type: { name: "plan" } }] },
  });
  t.same(thread.intents.map((i) => i.name).sort(), ["billing", "refund"]);
  t.same(
    thread.messages.map((m) => [m.role, m.type, m.externalId]),
    [["user", "markdown", "m1"], ["assistant", "text", null], ["tool", "json", null]],
  );
  const [first, second, third] = thread.messages;
  t.same(third!.jsonContent, { ok: true });
  t.equal(third!.createdAt, "2024-01-02T03:04:05.000Z");
  t.same(second!.metadata, { model: "x" });
  t.equal(first!.jsonContent, null);
  t.equal(await prisma.message.count({ where: { threadId: thread.id } }), 3);
});

t.test("appends to the thread with the same externalId (200), skipping known message ids", async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  const first = await postThread({ externalId, externalUser, metadata: { a: 1, b: 1 }, intents: ["x"], messages: [message("one", { externalId: "m1" })] });
  t.equal(first.response.status, 201);
  const second = await postThread({
    externalId,
    externalUser,
    metadata: { b: 2, c: 3 },
    intents: ["y"],
    messages: [message("one again", { externalId: "m1" }), message("two", { externalId: "m2" }), message("three")],
  });
  t.equal(second.response.status, 200);
  const thread = second.data!;
  t.equal(thread.id, first.data!.id);
  t.same(thread.metadata, { a: 1, b: 2, c: 3 }, "metadata is shallow-merged");
  t.same(thread.messages.map((m) => m.content), ["one", "two", "three"], "arrival order, no duplicate");
  t.same(thread.intents.map((i) => i.name).sort(), ["x", "y"]);

  const retry = await postThread({ externalId, externalUser, messages: [message("two", { externalId: "m2" })] });
  t.equal(retry.response.status, 200);
  t.equal(retry.data!.messages.length, 3, "a retried message is not stored twice");
});

t.test("without externalId every call creates a thread whose externalId is null", async (t) => {
  const externalUser = { externalId: uniqueId("user") };
  const a = await postThread({ externalUser, messages: [message("a")] });
  const b = await postThread({ externalUser, messages: [message("a")] });
  t.equal(a.response.status, 201);
  t.equal(b.response.status, 201);
  t.not(a.data!.id, b.data!.id);
  t.equal(a.data!.externalId, null);
});

t.test("projects: the default is the first; another project keeps its own externalIds; unknown is 404", async (t) => {
  const second = await createProject(prisma, org.organizationId, uniqueId("project"));
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  const inDefault = await postThread({ externalId, externalUser });
  const inSecond = await postThread({ externalId, externalUser, projectId: second.id });
  t.equal(inDefault.response.status, 201);
  t.equal(inSecond.response.status, 201, "the same externalId in another project is another thread");
  t.match(inSecond.data!.project, { id: second.id, name: second.name });

  const other = await service.newOrganization();
  for (const projectId of [other.projectId, 2147483647]) {
    const response = await postThread({ externalUser, projectId });
    t.equal(response.response.status, 404);
    t.same(response.error, { error: "Project not found" });
  }
});

t.test("20 concurrent creates of one externalId: one thread, one 201, every message once", async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user"), segments: { plan: "pro" } };
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      postThread({ externalId, externalUser, intents: ["same"], messages: [message("shared", { externalId: "m" }), message(`own ${i}`, { externalId: `m${i}` })] }),
    ),
  );
  const statuses = responses.map((r) => r.response.status);
  t.equal(statuses.filter((s) => s === 201).length, 1);
  t.equal(statuses.filter((s) => s === 200).length, 19);
  const threads = await prisma.thread.findMany({ where: { organizationId: org.organizationId, externalId } });
  t.equal(threads.length, 1);
  t.equal(await prisma.message.count({ where: { threadId: threads[0]!.id } }), 21);
  t.equal(await prisma.threadIntent.count({ where: { threadId: threads[0]!.id } }), 1);
});

t.test("a failed ingest writes nothing", async (t) => {
  const externalUser = { externalId: uniqueId("user") };
  const other = await service.newOrganization();
  const response = await postThread({ externalUser, projectId: other.projectId, messages: [message("x")] });
  t.equal(response.response.status, 404);
  t.equal(await prisma.externalUser.count({ where: { externalId: externalUser.externalId } }), 0);

  const nul = await postInvalidThread({ externalUser, messages: [message("bad \u0000 byte")] });
  t.equal(nul.statusCode, 400);
  t.match(nul.json(), { error: String });
  t.equal(await prisma.externalUser.count({ where: { externalId: externalUser.externalId } }), 0, "not even the user");
});

t.test("bad input is a 400 naming the field", async (t) => {
  const externalUser = { externalId: uniqueId("user") };
  const cases: [string, unknown, RegExp][] = [
    ["missing externalUser", { messages: [] }, /externalUser/],
    ["externalUser without externalId", { externalUser: {} }, /externalUser\.externalId/],
    ["unknown role", { externalUser, messages: [{ role: "robot", content: "x" }] }, /messages\[0\]\.role/],
    ["unknown type", { externalUser, messages: [{ role: "user", content: "x", type: "html" }] }, /messages\[0\]\.type/],
    ["message without content", { externalUser, messages: [{ role: "user" }] }, /messages\[0\]\.content/],
    ["content not a string", { externalUser, messages: [{ role: "user", content: 5 }] }, /messages\[0\]\.content/],
    ["metadata not an object", { externalUser, metadata: "x" }, /metadata/],
    ["intents not strings", { externalUser, intents: [1] }, /intents\[0\]/],
    ["projectId a string", { externalUser, projectId: "one" }, /projectId/],
    ["projectId zero", { externalUser, projectId: 0 }, /projectId/],
    ["bad createdAt", { externalUser, messages: [{ role: "user", content: "x", createdAt: "yesterday" }] }, /createdAt/],
    ["too many messages", { externalUser, messages: Array.from({ length: 1001 }, () => message("x")) }, /messages/],
    ["unknown field", { externalUser, title: "x" }, /title/],
  ];
  for (const [name, body, field] of cases) {
    const response = await postInvalidThread(body);
    t.equal(response.statusCode, 400, name);
    t.match(response.json().error, field, name);
  }
  t.equal(await prisma.externalUser.count({ where: { externalId: externalUser.externalId } }), 0);
});

t.test("keys: none is 401, public is 403", async (t) => {
  const body = { externalUser: { externalId: uniqueId("user") } };
  t.equal((await postInvalidThread(body, null)).statusCode, 401);
  t.equal((await postThread(body, org.publicKey)).response.status, 403);
});

t.test("a message that names an operating system in lowercase is ingested and its fact kept (the facts reader threw on it: 500)", async (t) => {
  const userExternalId = uniqueId("user");
  const created = await postThread({ externalUser: { externalId: userExternalId }, messages: [message("im on ubuntu now, is that ok for gaming?")] });
  t.equal(created.response.status, 201);
  const facts = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId } } });
  t.same(facts.data!.facts.map((fact) => [fact.subject, fact.text]), [["operating system", "im on ubuntu now"]]);
});
