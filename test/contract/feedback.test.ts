import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { NOT_JSON, notJson, oversized, SMALL_BODY_LIMIT_BYTES, TOO_LARGE, UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call, database } = await startService(t, { bodyLimitBytes: SMALL_BODY_LIMIT_BYTES });
const { prisma } = database;
const client = api(org.privateKey);
const widget = api(org.publicKey);

async function thread(externalId: string, projectId?: number) {
  const created = await client.POST("/api/external/threads", {
    body: {
      externalId,
      projectId,
      externalUser: { externalId: uniqueId("user") },
      messages: [
        { externalId: "m1", role: "user", content: "question" },
        { externalId: "m2", role: "assistant", content: "answer" },
      ],
    },
  });
  if (created.response.status !== 201) throw new Error(`thread creation failed: ${created.response.status}`);
  return created.data!;
}

t.test("createFeedback with a public key: 201 created, 409 on a second public vote, 200 replaced by a private key, attribute options with their attribute", async (t) => {
  const attribute = await client.PUT("/api/external/attributes", { body: { name: uniqueId("reason"), options: ["outdated", "wrong"] } });
  const externalThreadId = uniqueId("thread");
  const target = await thread(externalThreadId);
  const giver = uniqueId("giver");

  const created = await widget.POST("/api/external/feedback", {
    body: { feedbackType: "NEGATIVE", externalThreadId, externalMessageId: "m1", feedbackText: "out of date", externalUser: { externalId: giver }, attributes: { [attribute.data!.name]: "outdated" } },
  });
  t.equal(created.response.status, 201);
  t.match(created.data, {
    feedbackType: "NEGATIVE",
    feedbackText: "out of date",
    externalUser: { externalId: giver },
    attributeOptions: [{ name: "outdated", attribute: { name: attribute.data!.name, options: [{ name: "outdated" }, { name: "wrong" }] } }],
  });

  const again = await widget.POST("/api/external/feedback", { body: { feedbackType: "POSITIVE", externalThreadId, externalMessageId: "m1", externalUser: { externalId: giver } } });
  t.equal(again.response.status, 409);
  t.same(again.error, { error: "Conflict - this giver has already voted; a feedback token can change a vote" });

  const replaced = await client.POST("/api/external/feedback", { body: { feedbackType: "POSITIVE", externalThreadId, externalMessageId: "m1", externalUser: { externalId: giver } } });
  t.equal(replaced.response.status, 200);
  t.match(replaced.data, { id: created.data!.id, feedbackType: "POSITIVE", attributeOptions: [] });
  t.equal(await prisma.feedback.count({ where: { messageId: target.messages[0]!.id } }), 1);

  const listed = await client.GET("/api/external/feedback", { params: { query: { threadIds: [target.id], search: "out of" } } });
  t.equal(listed.response.status, 200);
  t.same([listed.data?.count, listed.data?.countExact, listed.data?.rows.map((row) => row.id)], [0, true, []], "the replaced vote has no text");
  const all = await client.GET("/api/external/feedback", { params: { query: { threadIds: [target.id] } } });
  t.same([all.data?.count, all.data?.countExact, all.data?.rows.map((row) => row.id)], [1, true, [created.data!.id]]);
});

t.test("createFeedback errors: 400, 401, 404, 409, 413, 415", async (t) => {
  const externalThreadId = uniqueId("thread");
  const target = await thread(externalThreadId);
  const body = { feedbackType: "POSITIVE" as const, externalThreadId };
  const post = (key: string | null, request: object) => call(key, { method: "POST", url: "/api/external/feedback", ...request });

  const unknownAttribute = await widget.POST("/api/external/feedback", { body: { ...body, attributes: { nonexistent: "x" } } });
  t.equal(unknownAttribute.response.status, 400);
  t.match(unknownAttribute.error, { error: /nonexistent/ });

  const badType = await post(org.publicKey, { payload: { ...body, feedbackType: "MEH" } });
  t.equal(badType.statusCode, 400);
  t.match(badType.json(), { error: /feedbackType/ });

  const noKey = await post(null, { payload: body });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const unknownThread = await widget.POST("/api/external/feedback", { body: { ...body, externalThreadId: uniqueId("nothread") } });
  t.equal(unknownThread.response.status, 404);
  t.same(unknownThread.error, { error: "Thread not found" });

  const unknownMessage = await widget.POST("/api/external/feedback", { body: { ...body, externalMessageId: "m9" } });
  t.equal(unknownMessage.response.status, 404);
  t.same(unknownMessage.error, { error: "Message not found" });

  const second = await prisma.project.create({ data: { organizationId: org.organizationId, name: uniqueId("project") } });
  await thread(externalThreadId, second.id);
  const ambiguous = await widget.POST("/api/external/feedback", { body });
  t.equal(ambiguous.response.status, 409);
  t.match(ambiguous.error, { error: /projectId/ });

  const large = await post(org.publicKey, { payload: { ...body, projectId: org.projectId, feedbackText: oversized } });
  t.equal(large.statusCode, 413);
  t.same(large.json(), TOO_LARGE);

  const form = await post(org.publicKey, notJson);
  t.equal(form.statusCode, 415);
  t.same(form.json(), NOT_JSON);

  t.equal(await prisma.feedback.count({ where: { messageId: { in: target.messages.map((message) => message.id) } } }), 0, "no failed call wrote feedback");
});
