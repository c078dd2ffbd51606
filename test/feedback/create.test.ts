import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations, UNAUTHORIZED } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;
const { thread, attribute, postFeedback, postInvalidFeedback } = feedbackFixtures(service);

const FEEDBACK_KEYS = [
  "attributeOptions", "createdAt", "externalUser", "feedbackText", "feedbackType", "id",
  "message", "projectId", "threadExternalId", "threadId", "updatedAt",
];
const OPTION_KEYS = ["attribute", "attributeId", "createdAt", "id", "name", "updatedAt"];
const ATTRIBUTE_KEYS = ["createdAt", "id", "name", "options", "organizationId", "projectId", "updatedAt"];
const OPTION_SUMMARY_KEYS = ["attributeId", "createdAt", "id", "name", "updatedAt"];

const keysOf = (value: object) => Object.keys(value).sort();

const storedFeedback = (messageId: number) =>
  prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId }, include: { options: true } });

t.test("feedback on the thread's last message by the thread's user: 201 and the Feedback object", async (t) => {
  const target = await thread({ messages: 3 });
  const response = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId });
  t.equal(response.response.status, 201);
  const body = response.data!;
  t.same(contractViolations("Feedback", body), [], "the body matches openapi.yaml's Feedback");
  t.same(keysOf(body), FEEDBACK_KEYS, "exactly the fields of openapi.yaml's Feedback");
  t.match(body, { feedbackType: "POSITIVE", feedbackText: null, attributeOptions: [] });
  t.same(
    { threadId: body.threadId, threadExternalId: body.threadExternalId, projectId: body.projectId, message: body.message },
    { threadId: target.id, threadExternalId: target.externalId, projectId: org.projectId, message: { externalId: "m3", role: "user" } },
    "the thread, project and message the vote landed on (a public key's answer: without the message's content)",
  );
  t.match(body.externalUser, { id: target.userId, externalId: target.userExternalId, organizationId: org.organizationId, segments: [] });

  const lastMessage = target.messages.at(-1)!;
  t.equal(lastMessage.externalId, "m3");
  const [stored, ...more] = await storedFeedback(lastMessage.id);
  t.equal(more.length, 0);
  t.match(stored, { id: body.id, externalUserId: target.userId, feedbackType: "POSITIVE", feedbackText: null });
  t.equal(await prisma.feedback.count({ where: { messageId: { in: target.messages.slice(0, 2).map((m) => m.id) } } }), 0, "no other message got it");
});

t.test("externalMessageId picks the message; the last one is the highest id, not the latest createdAt", async (t) => {
  const target = await thread({ messages: 3 });
  const chosen = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalMessageId: "m1", feedbackText: "wrong" });
  t.equal(chosen.response.status, 201);
  t.match(chosen.data, { feedbackType: "NEGATIVE", feedbackText: "wrong" });
  t.equal((await storedFeedback(target.messages[0]!.id)).length, 1);

  // A message stored last but dated earlier is still the thread's last message.
  const response = await api(org.privateKey).POST("/api/external/threads", {
    body: {
      externalId: target.externalId,
      externalUser: { externalId: target.userExternalId },
      messages: [{ role: "assistant", content: "late arrival", externalId: "m4", createdAt: "2001-01-01T00:00:00.000Z" }],
    },
  });
  t.equal(response.response.status, 200);
  const m4 = response.data!.messages.find((m) => m.externalId === "m4")!;
  t.equal((await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId })).response.status, 201);
  t.equal((await storedFeedback(m4.id)).length, 1, "the feedback went to m4");
});

t.test("with a private key, externalUser is upserted and recorded as the giver, with segments in the response", async (t) => {
  const target = await thread();
  const externalId = uniqueId("giver");
  const response = await postFeedback(
    {
      feedbackType: "NEGATIVE",
      externalThreadId: target.externalId,
      externalUser: { externalId, name: "Ada", email: "ada@example.com", segments: { plan: "pro" } },
    },
    org.privateKey,
  );
  t.equal(response.response.status, 201);
  const body = response.data!;
  t.same(contractViolations("Feedback", body), []);
  t.match(body.externalUser, { externalId, name: "Ada", email: "ada@example.com", username: null, organizationId: org.organizationId });
  const [segment, ...moreSegments] = body.externalUser!.segments;
  t.equal(moreSegments.length, 0);
  t.match(segment, { name: "pro", organizationId: org.organizationId, type: { name: "plan", organizationId: org.organizationId } });
  t.equal(segment!.userSegmentTypeId, segment!.type.id);

  const user = await prisma.externalUser.findFirstOrThrow({ where: { organizationId: org.organizationId, externalId } });
  t.equal(user.name, "Ada");
  const [stored] = await storedFeedback(target.messages.at(-1)!.id);
  t.equal(stored?.externalUserId, user.id, "the named user is the giver, not the thread's user");

  const again = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId, username: "ada" } }, org.privateKey);
  t.equal(again.response.status, 200, "same giver, same message: a re-vote");
  t.match(again.data!.externalUser, { name: "Ada", username: "ada" }, "upserted like PUT /api/external/users");
});

t.test("attributes: each option carries its full attribute, whose options carry no attribute", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["outdated", "wrong", "rude"]);
  const tone = await attribute(uniqueId("tone"), ["formal", "casual"]);
  const target = await thread();
  const response = await postFeedback({
    feedbackType: "NEGATIVE",
    externalThreadId: target.externalId,
    attributes: { [reason.name]: "wrong", [tone.name]: "casual" },
  });
  t.equal(response.response.status, 201, JSON.stringify(response.error));
  const body = response.data!;
  t.same(contractViolations("Feedback", body), []);
  t.equal(body.attributeOptions.length, 2);
  const [first, second] = body.attributeOptions;
  t.ok(first!.id < second!.id, "ordered by option id");
  for (const option of body.attributeOptions) {
    t.same(keysOf(option), OPTION_KEYS);
    t.same(keysOf(option.attribute), ATTRIBUTE_KEYS);
    t.equal(option.attributeId, option.attribute.id);
    for (const summary of option.attribute.options) t.same(keysOf(summary), OPTION_SUMMARY_KEYS, "no nested attribute");
  }
  const wrong = body.attributeOptions.find((o) => o.attributeId === reason.id)!;
  t.match(wrong, { name: "wrong", attribute: { id: reason.id, organizationId: org.organizationId, projectId: org.projectId } });
  t.same(wrong.attribute.options.map((o) => o.name), ["outdated", "wrong", "rude"], "all the attribute's options, by id");
  t.match(body.attributeOptions.find((o) => o.attributeId === tone.id), { name: "casual" });

  const [stored] = await storedFeedback(target.messages.at(-1)!.id);
  const storedOptions = stored!.options.map((o) => o.attributeOptionId).sort((a, b) => a - b);
  t.same(storedOptions, [reason.options[1]!.id, tone.options[1]!.id]);
});

t.test("a re-vote by the same giver replaces type, text and attributes: 200, same id", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["outdated", "wrong"]);
  const target = await thread();
  const { name } = reason;
  const first = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, feedbackText: "bad", attributes: { [name]: "outdated" } });
  t.equal(first.response.status, 201);

  const second = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId, attributes: { [name]: "wrong" } }, org.privateKey);
  t.equal(second.response.status, 200);
  const body = second.data!;
  t.same(contractViolations("Feedback", body), []);
  t.equal(body.id, first.data!.id, "same feedback");
  t.match(body, { feedbackType: "POSITIVE", feedbackText: null }, "text replaced by its absence");
  t.same(body.attributeOptions.map((o) => o.name), ["wrong"], "attributes replaced");
  t.ok(Date.parse(body.updatedAt) >= Date.parse(body.createdAt));

  const third = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId, externalMessageId: "m2" }, org.privateKey);
  t.equal(third.response.status, 200, "naming the last message explicitly is the same vote");
  t.same(third.data!.attributeOptions, [], "no attributes: none kept");

  const stored = await storedFeedback(target.messages.at(-1)!.id);
  t.equal(stored.length, 1, "never two votes");
  t.equal(stored[0]!.options.length, 0);
  t.equal(stored[0]!.feedbackType, "POSITIVE");
});

t.test("another giver, or another message, is another feedback", async (t) => {
  const target = await thread();
  const mine = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId });
  const theirs = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: { externalId: uniqueId("other") } });
  const earlier = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalMessageId: "m1" });
  t.same([mine.response.status, theirs.response.status, earlier.response.status], [201, 201, 201]);
  t.equal(new Set([mine.data!.id, theirs.data!.id, earlier.data!.id]).size, 3);
  t.equal((await storedFeedback(target.messages[1]!.id)).length, 2);
});

t.test("keys: public and private accepted, none or unknown refused with 401", async (t) => {
  const target = await thread();
  const body = { feedbackType: "POSITIVE" as const, externalThreadId: target.externalId };
  t.equal((await postFeedback(body, org.publicKey)).response.status, 201);
  t.equal((await postFeedback(body, org.privateKey)).response.status, 200);
  // The typed client sends the key in the api-key header; this request sends it as a Bearer token instead.
  const bearer = await call(null, {
    method: "POST",
    url: "/api/external/feedback",
    headers: { authorization: `Bearer ${org.publicKey}` },
    payload: { ...body, externalMessageId: "m1" },
  });
  t.equal(bearer.statusCode, 201);
  const noKey = await postInvalidFeedback(body, null);
  t.equal(noKey.statusCode, 401, "no key");
  t.same(noKey.json(), UNAUTHORIZED);
  for (const key of ["pk_unknown", "sk_unknown"]) {
    const response = await postFeedback(body, key);
    t.equal(response.response.status, 401, `key ${key}`);
    t.same(response.error, UNAUTHORIZED);
  }
  t.equal((await storedFeedback(target.messages.at(-1)!.id)).length, 1);
});

t.test("unknown thread, message, or a thread with no messages: 404", async (t) => {
  const target = await thread();
  const cases: [string, { externalThreadId: string; externalMessageId?: string; projectId?: number }, string][] = [
    ["unknown thread", { externalThreadId: uniqueId("nope") }, "Thread not found"],
    ["unknown message", { externalThreadId: target.externalId, externalMessageId: "m99" }, "Message not found"],
    ["message ids are case-sensitive", { externalThreadId: target.externalId, externalMessageId: "M1" }, "Message not found"],
    ["thread of another project", { externalThreadId: target.externalId, projectId: 2147483647 }, "Thread not found"],
  ];
  for (const [name, body, error] of cases) {
    const response = await postFeedback({ feedbackType: "POSITIVE", ...body });
    t.equal(response.response.status, 404, name);
    t.same(response.error, { error }, name);
  }
  const empty = await thread({ messages: 0 });
  const response = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: empty.externalId });
  t.equal(response.response.status, 404);
  t.match(response.error!.error, /^Message not found/);
  t.equal(await prisma.feedback.count({ where: { message: { threadId: { in: [target.id, empty.id] } } } }), 0);
});

t.test("another organization's thread and project behave like unknown ones", async (t) => {
  const other = await service.newOrganization();
  const theirs = await thread({ org: other });
  const response = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: theirs.externalId });
  t.equal(response.response.status, 404);
  t.same(response.error, { error: "Thread not found" });
  const withTheirProject = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: theirs.externalId, projectId: other.projectId });
  t.equal(withTheirProject.response.status, 404);
  t.same(withTheirProject.error, { error: "Thread not found" });

  const mine = await thread({ externalId: theirs.externalId });
  const own = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: theirs.externalId });
  t.equal(own.response.status, 201, "the same externalId in another organization is no ambiguity");
  t.equal(own.data!.externalUser!.id, mine.userId);
  t.equal(await prisma.feedback.count({ where: { organizationId: other.organizationId } }), 0);
});

t.test("the same externalThreadId in two projects: 409 without projectId, resolved with it", async (t) => {
  const second = await prisma.project.create({ data: { organizationId: org.organizationId, name: uniqueId("project") } });
  const externalId = uniqueId("shared");
  const inDefault = await thread({ externalId });
  const inSecond = await thread({ externalId, projectId: second.id });

  const ambiguous = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: externalId });
  t.equal(ambiguous.response.status, 409);
  t.match(ambiguous.error!.error, /projectId/, "tells the client to send projectId");
  t.same(Object.keys(ambiguous.error!), ["error"]);

  const resolved = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: externalId, projectId: second.id });
  t.equal(resolved.response.status, 201);
  t.equal(resolved.data!.externalUser!.id, inSecond.userId);
  t.equal((await storedFeedback(inSecond.messages.at(-1)!.id)).length, 1);
  t.equal((await storedFeedback(inDefault.messages.at(-1)!.id)).length, 0);
});

t.test("attributes resolve against the thread's project, exactly", async (t) => {
  const second = await prisma.project.create({ data: { organizationId: org.organizationId, name: uniqueId("project") } });
  const name = uniqueId("reason");
  await attribute(name, ["outdated"], second.id);
  const inDefault = await thread();
  const inSecond = await thread({ projectId: second.id });

  const elsewhere = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: inDefault.externalId, attributes: { [name]: "outdated" } });
  t.equal(elsewhere.response.status, 400, "an attribute of another project is unknown here");
  t.same(elsewhere.error, { error: `Unknown attribute '${name}'` });

  const upperCased = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: inSecond.externalId, attributes: { [name.toUpperCase()]: "outdated" } });
  t.equal(upperCased.response.status, 400);
  t.same(upperCased.error, { error: `Unknown attribute '${name.toUpperCase()}'` });

  const wrongCase = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: inSecond.externalId, attributes: { [name]: "Outdated" } });
  t.equal(wrongCase.response.status, 400);
  t.same(wrongCase.error, { error: `Unknown option 'Outdated' of attribute '${name}'` });

  const right = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: inSecond.externalId, attributes: { [name]: "outdated" } });
  t.equal(right.response.status, 201);
  t.equal(right.data!.attributeOptions[0]!.attribute.projectId, second.id);
});
