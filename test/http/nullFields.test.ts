import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// Null in requests: generated clients send null for unset fields; optional ones are the same as left
// out, required ones are still a 400 naming the field.
const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;
const { thread, attribute } = feedbackFixtures(service);
const privateApi = api(org.privateKey);
const where = { organizationId: org.organizationId };

t.test("feedback: feedbackText, externalMessageId, projectId, externalUser and attributes sent as null", async (t) => {
  const target = await thread();
  const { data, response } = await privateApi.POST("/api/external/feedback", {
    body: {
      feedbackType: "POSITIVE",
      externalThreadId: target.externalId,
      feedbackText: null,
      externalMessageId: null,
      projectId: null,
      externalUser: null,
      attributes: null,
    },
  });
  t.equal(response.status, 201);
  t.match(data, { feedbackText: null, attributeOptions: [], externalUser: { externalId: target.userExternalId } });
  const stored = await prisma.feedback.findFirstOrThrow({ where: { ...where, id: data!.id }, include: { options: true } });
  t.match(stored, { messageId: target.messages.at(-1)!.id, externalUserId: target.userId, feedbackText: null, options: [] });
});

t.test("users: name, email, username and segments sent as null leave the stored values", async (t) => {
  const externalId = uniqueId("user");
  await privateApi.PUT("/api/external/users", { body: { externalId, name: "Ada", email: "ada@example.com", username: "ada", segments: { plan: "pro" } } });
  const { data, response } = await privateApi.PUT("/api/external/users", { body: { externalId, name: null, email: null, username: null, segments: null } });
  t.equal(response.status, 200);
  t.match(data, { name: "Ada", email: "ada@example.com", username: "ada", segments: [{ name: "pro" }] });
  const stored = await prisma.externalUser.findFirstOrThrow({ where: { ...where, externalId }, include: { segments: true } });
  t.match(stored, { name: "Ada", email: "ada@example.com", username: "ada" });
  t.equal(stored.segments.length, 1);

  const created = await privateApi.PUT("/api/external/users", { body: { externalId: uniqueId("user"), name: null } });
  t.equal(created.response.status, 201);
  t.equal(created.data!.name, null);
});

t.test("threads: externalId, projectId, metadata, intents and each message field sent as null", async (t) => {
  const { data, response } = await privateApi.POST("/api/external/threads", {
    body: {
      externalUser: { externalId: uniqueId("user"), name: null, email: null, username: null, segments: null },
      externalId: null,
      projectId: null,
      metadata: null,
      intents: null,
      messages: [{ role: "user", content: "hello", externalId: null, type: null, metadata: null, jsonContent: null, createdAt: null }],
    },
  });
  t.equal(response.status, 201);
  t.match(data, { externalId: null, project: { id: org.projectId }, metadata: {}, intents: [] });
  t.match(data!.messages, [{ externalId: null, type: "markdown", metadata: {}, jsonContent: null, content: "hello" }]);
  const stored = await prisma.message.findFirstOrThrow({ where: { ...where, threadId: data!.id } });
  t.match(stored, { externalId: null, type: "markdown", jsonContent: null });
  t.ok(Date.now() - stored.createdAt.getTime() < 60_000, "createdAt null: stamped now");
});

t.test("threads: messages sent as null is a thread without messages", async (t) => {
  const { data, response } = await privateApi.POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") }, externalId: uniqueId("thread"), messages: null } });
  t.equal(response.status, 201);
  t.match(data, { messages: [], messageCount: 0 });
  t.equal(await prisma.message.count({ where: { ...where, threadId: data!.id } }), 0);
});

t.test("attributes: projectId sent as null is the default project", async (t) => {
  const { data, response } = await privateApi.PUT("/api/external/attributes", { body: { projectId: null, name: uniqueId("reason"), options: ["a"] } });
  t.equal(response.status, 201);
  t.equal(data!.projectId, org.projectId);
});

t.test("nulls inside free-form objects are data and are kept", async (t) => {
  const { data } = await privateApi.POST("/api/external/threads", {
    body: { externalUser: { externalId: uniqueId("user") }, metadata: { channel: null }, messages: [{ role: "user", content: "x", metadata: { tag: null } }] },
  });
  t.same(data!.metadata, { channel: null });
  t.same(data!.messages[0]!.metadata, { tag: null });
});

t.test("required fields sent as null are a 400 naming the field, and nothing is written", async (t) => {
  const target = await thread();
  await attribute(uniqueId("reason"), ["a"]);
  const cases: [string, string, object, RegExp][] = [
    ["POST", "/api/external/feedback", { feedbackType: null, externalThreadId: target.externalId }, /^Invalid field 'feedbackType': must be string$/],
    ["POST", "/api/external/feedback", { feedbackType: "POSITIVE", externalThreadId: null }, /^Invalid field 'externalThreadId': must be string$/],
    ["POST", "/api/external/feedback", { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: null } }, /'externalUser\.externalId'/],
    ["POST", "/api/external/feedback", { feedbackType: "POSITIVE", externalThreadId: target.externalId, attributes: { reason: null } }, /'attributes\.reason'/],
    ["POST", "/api/external/threads", { externalUser: null }, /^Invalid field 'externalUser': must be object$/],
    ["POST", "/api/external/threads", { externalUser: { externalId: "u" }, messages: [{ role: null, content: "x" }] }, /'messages\[0\]\.role'/],
    ["POST", "/api/external/threads", { externalUser: { externalId: "u" }, messages: [{ role: "user", content: null }] }, /^Invalid field 'messages\[0\]\.content': must be string$/],
    ["PUT", "/api/external/users", { externalId: null }, /^Invalid field 'externalId': must be string$/],
    ["PUT", "/api/external/attributes", { name: null, options: [] }, /^Invalid field 'name': must be string$/],
    ["PUT", "/api/external/attributes", { name: "n", options: null }, /^Invalid field 'options': must be array$/],
  ];
  const feedbackBefore = await prisma.feedback.count({ where });
  const usersBefore = await prisma.externalUser.count({ where });
  for (const [method, url, payload, error] of cases) {
    const response = await call(org.privateKey, { method: method as "POST", url, payload });
    t.equal(response.statusCode, 400, `${method} ${url} ${JSON.stringify(payload)}`);
    t.match(response.json(), { error }, JSON.stringify(payload));
  }
  t.equal(await prisma.feedback.count({ where }), feedbackBefore);
  t.equal(await prisma.externalUser.count({ where }), usersBefore);
});
