import t from "tap";
import { uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, startContractTarget, TOO_LARGE, UNAUTHORIZED } from "../helpers/contractTarget.ts";

const { service, client, clientForInvalidRequests } = await startContractTarget(t);
const { org } = service;
const { prisma } = service.database;
const api = client(org.privateKey);
const invalid = clientForInvalidRequests(org.privateKey);

t.test("createThread: 201 created, 200 appended, listed by listThreads", async (t) => {
  const externalId = uniqueId("thread");
  const userExternalId = uniqueId("user");
  const created = await api.POST("/api/external/threads", {
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

  const appended = await api.POST("/api/external/threads", {
    body: { externalId, externalUser: { externalId: userExternalId }, messages: [{ externalId: "m2", role: "assistant", content: "Use the link." }] },
  });
  t.equal(appended.response.status, 200);
  t.equal(appended.data?.id, created.data?.id);
  t.same(appended.data?.messages.map((message) => message.externalId), ["m1", "m2"]);

  const listed = await api.GET("/api/external/threads", { params: { query: { externalUserIds: [userExternalId], pageSize: 10 } } });
  t.equal(listed.response.status, 200);
  t.equal(listed.data?.count, 1);
  t.same(listed.data?.rows.map((row) => row.id), [created.data?.id]);
  t.equal(listed.data?.rows[0]?.messages.length, 2);
});

t.test("createThread errors: 400, 401, 403, 404, 413, 415", async (t) => {
  const userExternalId = uniqueId("user");
  const body = { externalUser: { externalId: userExternalId } };

  const badRole = await invalid.POST("/api/external/threads", { body: { ...body, messages: [{ role: "robot" as "user", content: "hi" }] } });
  t.equal(badRole.response.status, 400);
  t.match(badRole.error, { error: /messages\[0\]\.role/ });

  const noKey = await clientForInvalidRequests().POST("/api/external/threads", { body });
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).POST("/api/external/threads", { body });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await api.POST("/api/external/threads", { body: { ...body, projectId: 2147483647 } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });

  const large = await invalid.POST("/api/external/threads", { body: { ...body, messages: [{ role: "user", content: oversized }] } });
  t.equal(large.response.status, 413);
  t.same(large.error, TOO_LARGE);

  const form = await invalid.POST("/api/external/threads", { body, ...notJson });
  t.equal(form.response.status, 415);
  t.same(form.error, NOT_JSON);

  t.equal(await prisma.externalUser.count({ where: { externalId: userExternalId } }), 0, "no failed call wrote anything");
});

t.test("listThreads errors: 400, 401, 403", async (t) => {
  const badPage = await invalid.GET("/api/external/threads", { params: { query: { pageSize: 201 } } });
  t.equal(badPage.response.status, 400);
  t.match(badPage.error, { error: /pageSize/ });

  const noKey = await clientForInvalidRequests().GET("/api/external/threads");
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).GET("/api/external/threads");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
});
