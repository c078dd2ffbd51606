import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { LIMITS } from "../../src/limits.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// The bounds openapi.yaml states (and Spectral's OWASP rules ask for) are the service's own: each is enforced.
const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;
const privateApi = api(org.privateKey);
const where = { organizationId: org.organizationId };

const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

t.test("listing filters take at most 100 values", async (t) => {
  const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
  for (const parameter of ["ids", "externalUserIds", "intentIds", "userSegmentIds"]) {
    const response = await call(org.privateKey, { method: "GET", url: `/api/external/threads?${parameter}=${ids}` });
    t.equal(response.statusCode, 400, parameter);
    t.same(response.json(), { error: `Invalid parameter '${parameter}': must NOT have more than 100 items` });
  }
  const hundred = await privateApi.GET("/api/external/threads", { params: { query: { ids: Array.from({ length: 100 }, (_, i) => i + 1) } } });
  t.equal(hundred.response.status, 200);
});

t.test("a NUL in a query parameter is a 400 naming it, wherever it is not the memory lookup's", async (t) => {
  for (const url of [
    "/api/external/memory/facts?userExternalId=a%00b",
    "/api/external/memory/search?userExternalId=someone&q=a%00b",
    "/api/external/threads?search=%00",
    "/api/external/threads?externalUserIds=a,b%00",
  ]) {
    const response = await call(org.privateKey, { method: "GET", url });
    const name = /\?(?:.*&)?(\w+)=[^&]*%00/.exec(url)![1];
    t.same([response.statusCode, response.json()], [400, { error: `Invalid parameter '${name}': text cannot contain a NUL character` }], url);
  }
});

t.test("an integer parameter is written in decimal digits: '0x2', '1e1', ' 1' are 400s naming it, in the query and the path", async (t) => {
  for (const [url, name] of [
    ["/api/external/threads?pageSize=0x2", "pageSize"],
    ["/api/external/threads?pageSize=1e1", "pageSize"],
    ["/api/external/threads?pageSize=%201", "pageSize"],
    ["/api/external/threads?ids=1,0x1", "ids"],
    ["/api/external/feedback?pageIndex=0b11", "pageIndex"],
    ["/api/external/threads/%201/messages", "threadId"],
    ["/api/external/threads/1e0/messages", "threadId"],
  ] as const) {
    const response = await call(org.privateKey, { method: "GET", url });
    t.same([response.statusCode, response.json()], [400, { error: `Invalid parameter '${name}': must be integer` }], url);
  }
  t.equal((await call(org.privateKey, { method: "GET", url: "/api/external/threads?pageSize=2&ids=1,2" })).statusCode, 200, "digits are fine");
});

t.test("a query parameter that is not UTF-8 once decoded is a 400 naming it; the memory lookup keeps its three errors", async (t) => {
  // In process, not through prism, which sends such bytes on as U+FFFD, well encoded.
  const send = (url: string) => service.app.inject({ method: "GET", url, headers: { "api-key": org.privateKey } });
  for (const [url, name] of [["/api/external/threads?search=%FF", "search"], ["/api/external/threads?externalUserIds=%ED%A0%80", "externalUserIds"], ["/api/external/feedback?pageSize=10&search=a%E2%82", "search"]] as const) {
    const response = await send(url);
    t.same([response.statusCode, response.json()], [400, { error: `Invalid parameter '${name}': not valid percent-encoding (UTF-8)` }], url);
  }
  t.equal((await send("/api/external/threads?search=caf%C3%A9%20au%20lait")).statusCode, 200, "UTF-8 escapes are fine");
  t.equal((await send("/api/external/memory?userExternalId=%FF")).statusCode, 404);
});

t.test("a NUL in a path parameter is a 400 naming it", async (t) => {
  const response = await call(org.privateKey, { method: "DELETE", url: "/api/external/users/a%00b" });
  t.same([response.statusCode, response.json()], [400, { error: "Invalid parameter 'externalId': text cannot contain a NUL character" }]);
});

t.test("an enum's 400 lists the allowed values, not the null that means absent", async (t) => {
  const response = await call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: { externalUser: { externalId: uniqueId("u") }, messages: [{ role: "user", content: "hi", type: "html" }] },
  });
  t.equal(response.statusCode, 400);
  t.match(response.json().error, /^Invalid field 'messages\[0\]\.type': .*: markdown, text, json$/);
});

t.test("message content is at most 5,242,880 characters, even with a larger body limit", async (t) => {
  const roomy = await startService(t, { bodyLimitBytes: 12 * 1024 * 1024 });
  const externalId = uniqueId("user");
  const tooLong = "x".repeat(5_242_881);
  const thread = await roomy.call(roomy.org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: { externalUser: { externalId }, messages: [{ role: "user", content: tooLong }] },
  });
  t.equal(thread.statusCode, 400);
  t.same(thread.json(), { error: "Invalid field 'messages[0].content': must NOT have more than 5242880 characters" });
  t.equal(await roomy.database.prisma.externalUser.count({ where: { organizationId: roomy.org.organizationId, externalId } }), 0);
});

t.test("feedbackText is at most 10,000 characters, and the feedback listing shows it whole", async (t) => {
  const externalThreadId = uniqueId("thread");
  const created = await privateApi.POST("/api/external/threads", {
    body: { externalId: externalThreadId, externalUser: { externalId: uniqueId("user") }, messages: [{ role: "assistant", content: "an answer" }] },
  });
  t.equal(created.response.status, 201);
  const stored = () => prisma.feedback.count({ where: { ...where, threadId: created.data!.id } });
  for (const key of [org.publicKey, org.privateKey]) {
    const response = await call(key, {
      method: "POST",
      url: "/api/external/feedback",
      payload: { feedbackType: "NEGATIVE", externalThreadId, feedbackText: "x".repeat(10_001) },
    });
    t.equal(response.statusCode, 400);
    t.same(response.json(), { error: "Invalid field 'feedbackText': must NOT have more than 10000 characters" });
  }
  t.equal(await stored(), 0, "nothing written");

  const text = "y".repeat(9_999) + "z";
  const accepted = await api(org.publicKey).POST("/api/external/feedback", { body: { feedbackType: "NEGATIVE", externalThreadId, feedbackText: text } });
  t.equal(accepted.response.status, 201);
  t.equal(accepted.data!.feedbackText, text);
  t.equal(await stored(), 1);
  const listed = await privateApi.GET("/api/external/feedback", { params: { query: { threadIds: [created.data!.id] } } });
  t.equal(listed.response.status, 200);
  t.equal(listed.data!.rows[0]!.feedbackText, text, "whole in the listing");
});

t.test(`a user holds at most ${LIMITS.segmentsPerUser} segments`, async (t) => {
  const externalId = uniqueId("user");
  const segments = Object.fromEntries(names("type", 60).map((type) => [type, "s"]));
  t.equal((await privateApi.PUT("/api/external/users", { body: { externalId, segments } })).response.status, 201);
  const more = Object.fromEntries(names("more", 41).map((type) => [type, "s"]));
  const response = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId, segments: more } });
  t.equal(response.statusCode, 400);
  t.same(response.json(), { error: "Invalid field 'segments': a user holds at most 100 segments (one per segment type)" });
  const user = await prisma.externalUser.findFirstOrThrow({ where: { ...where, externalId }, include: { segments: true } });
  t.equal(user.segments.length, 60, "nothing of the refused call was written");
  t.equal(await prisma.segmentType.count({ where: { ...where, name: "more-0" } }), 0);
  const fits = Object.fromEntries(names("more", 40).map((type) => [type, "s"]));
  t.equal((await privateApi.PUT("/api/external/users", { body: { externalId, segments: fits } })).response.status, 200, "exactly 100 is fine");
  // Create Thread and feedback name the field where their body holds the segments.
  const externalUser = { externalId, segments: { "one-too-many": "s" } };
  const thread = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId: uniqueId("t"), externalUser, messages: [{ role: "user", content: "hi" }] } });
  t.same([thread.statusCode, thread.json()], [400, { error: "Invalid field 'externalUser.segments': a user holds at most 100 segments (one per segment type)" }]);
  const externalThreadId = uniqueId("t");
  await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId: externalThreadId, externalUser: { externalId: uniqueId("other") }, messages: [{ role: "user", content: "hi" }] } });
  const vote = await call(org.privateKey, { method: "POST", url: "/api/external/feedback", payload: { feedbackType: "POSITIVE", externalThreadId, externalUser } });
  t.same([vote.statusCode, vote.json()], [400, { error: "Invalid field 'externalUser.segments': a user holds at most 100 segments (one per segment type)" }]);
});

t.test(`a thread has at most ${LIMITS.intentsPerThread} intents`, async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  const first = await privateApi.POST("/api/external/threads", { body: { externalId, externalUser, intents: names("a", 100) } });
  t.equal(first.response.status, 201);
  const response = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalId, externalUser, intents: ["one-more"], messages: [{ role: "user", content: "x" }] } });
  t.equal(response.statusCode, 400);
  t.same(response.json(), { error: "Invalid field 'intents': a thread has at most 100 intents" });
  t.equal(await prisma.message.count({ where: { ...where, threadId: first.data!.id } }), 0, "the refused append wrote nothing");
});

t.test(`an attribute has at most ${LIMITS.optionsPerAttribute} options, an organization ${LIMITS.attributesPerOrganization} attributes`, async (t) => {
  const other = await service.newOrganization();
  const otherApi = api(other.privateKey);
  const name = uniqueId("reason");
  t.equal((await otherApi.PUT("/api/external/attributes", { body: { name, options: names("o", 1000) } })).response.status, 201);
  const response = await call(other.privateKey, { method: "PUT", url: "/api/external/attributes", payload: { name, options: ["one-more"] } });
  t.equal(response.statusCode, 400);
  t.same(response.json(), { error: "Invalid field 'options': an attribute has at most 1000 options" });
  t.equal(await prisma.attributeOption.count({ where: { organizationId: other.organizationId } }), 1000);

  await prisma.attribute.createMany({
    data: names("bulk", 998).map((attribute) => ({ organizationId: other.organizationId, projectId: other.projectId, name: attribute })),
  });
  t.equal((await otherApi.PUT("/api/external/attributes", { body: { name: "the-1000th", options: [] } })).response.status, 201);
  const over = await call(other.privateKey, { method: "PUT", url: "/api/external/attributes", payload: { name: "the-1001st", options: ["a"] } });
  t.equal(over.statusCode, 400);
  t.same(over.json(), { error: "Invalid field 'name': an organization has at most 1000 attributes" });
  t.equal(await prisma.attribute.count({ where: { organizationId: other.organizationId } }), 1000);
});

t.test(`an organization has at most ${LIMITS.projectsPerOrganization} projects`, async (t) => {
  const other = await service.newOrganization();
  await prisma.project.createMany({ data: names("p", 998).map((project) => ({ organizationId: other.organizationId, name: project })) });
  await createProject(prisma, other.organizationId, "the-1000th");
  await t.rejects(createProject(prisma, other.organizationId, "the-1001st"), {
    statusCode: 400,
    message: "an organization has at most 1000 projects",
  });
  t.equal(await prisma.project.count({ where: { organizationId: other.organizationId } }), 1000);
});
