import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, SMALL_BODY_LIMIT_BYTES, TOO_LARGE, UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call, database } = await startService(t, { bodyLimitBytes: SMALL_BODY_LIMIT_BYTES });
const { prisma } = database;
const client = api(org.privateKey);

t.test("createThread: 201 created, 200 appended, listed by listThreads", async (t) => {
  const externalId = uniqueId("thread");
  const userExternalId = uniqueId("user");
  const created = await client.POST("/api/external/threads", {
    body: {
      externalId,
      externalUser: { externalId: userExternalId, segments: { plan: "pro" } },
      metadata: { channel: "web" },
      intents: ["password-reset"],
      messages: [{ externalId: "m1", role: "user", content: "How do I reset my password?" }],
    },
  });
  t.equal(created.response.status, 201);
  t.match(created.data, {
    externalId,
    organizationId: org.organizationId,
    project: { id: org.projectId },
    metadata: { channel: "web" },
    intents: [{ name: "password-reset" }],
    externalUser: { externalId: userExternalId, segments: [{ name: "pro" }] },
    messages: [{ externalId: "m1", role: "user", type: "markdown", content: "How do I reset my password?" }],
  });

  const appended = await client.POST("/api/external/threads", {
    body: { externalId, externalUser: { externalId: userExternalId }, messages: [{ externalId: "m2", role: "assistant", content: "Use the link." }] },
  });
  t.equal(appended.response.status, 200);
  t.equal(appended.data?.id, created.data?.id);
  t.same(appended.data?.messages.map((message) => message.externalId), ["m1", "m2"]);

  const listed = await client.GET("/api/external/threads", { params: { query: { externalUserIds: [userExternalId], pageSize: 10 } } });
  t.equal(listed.response.status, 200);
  t.equal(listed.data?.count, 1);
  t.equal(listed.data?.countExact, true);
  const searched = await client.GET("/api/external/threads", { params: { query: { search: externalId, userSearch: userExternalId } } });
  t.same([searched.data?.count, searched.data?.countExact], [1, true], "a small search's count is exact");
  const messages = await client.GET("/api/external/threads/{threadId}/messages", { params: { path: { threadId: created.data!.id } } });
  t.same([messages.data?.count, messages.data?.countExact], [2, true]);
  t.same(listed.data?.rows.map((row) => row.id), [created.data?.id]);
  t.equal(listed.data?.rows[0]?.messages.length, 2);
});

t.test("createThread errors: 400, 401, 403, 404, 413, 415", async (t) => {
  const userExternalId = uniqueId("user");
  const body = { externalUser: { externalId: userExternalId } };
  const post = (key: string | null, request: object) => call(key, { method: "POST", url: "/api/external/threads", ...request });

  const badRole = await post(org.privateKey, { payload: { ...body, messages: [{ role: "robot", content: "hi" }] } });
  t.equal(badRole.statusCode, 400);
  t.match(badRole.json(), { error: /messages\[0\]\.role/ });

  const noKey = await post(null, { payload: body });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).POST("/api/external/threads", { body });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await client.POST("/api/external/threads", { body: { ...body, projectId: 2147483647 } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });

  const large = await post(org.privateKey, { payload: { ...body, messages: [{ role: "user", content: oversized }] } });
  t.equal(large.statusCode, 413);
  t.same(large.json(), TOO_LARGE);

  const form = await post(org.privateKey, notJson);
  t.equal(form.statusCode, 415);
  t.same(form.json(), NOT_JSON);

  t.equal(await prisma.externalUser.count({ where: { externalId: userExternalId } }), 0, "no failed call wrote anything");
});

t.test("listThreads errors: 400, 401, 403", async (t) => {
  const badPage = await call(org.privateKey, { method: "GET", url: "/api/external/threads?pageSize=201" });
  t.equal(badPage.statusCode, 400);
  t.match(badPage.json(), { error: /pageSize/ });

  const noKey = await call(null, { method: "GET", url: "/api/external/threads" });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).GET("/api/external/threads");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
});
