import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t);
const { org, call } = service;
const { prisma } = service.database;

async function seedUserWithEverything() {
  const externalId = uniqueId("leaver");
  const threadId = uniqueId("thread");
  const thread = await call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: {
      externalId: threadId,
      externalUser: { externalId, segments: { plan: "pro" } },
      messages: [
        { role: "user", content: "forget me", externalId: "m1" },
        { role: "assistant", content: "noted", externalId: "m2" },
      ],
    },
  });
  const feedback = await call(org.publicKey, {
    method: "POST",
    url: "/api/external/feedback",
    payload: { feedbackType: "POSITIVE", externalThreadId: threadId },
  });
  return { externalId, threadId, thread: thread.json(), feedbackStatus: feedback.statusCode };
}

t.test("deletes the user with threads, messages, feedback and segment links; nothing shows afterwards", async (t) => {
  const { externalId, threadId, thread, feedbackStatus } = await seedUserWithEverything();
  t.equal(feedbackStatus, 201);
  const bystander = uniqueId("bystander");
  await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: bystander, segments: { plan: "pro" } } });

  const deleted = await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${encodeURIComponent(externalId)}` });
  t.equal(deleted.statusCode, 204);
  t.equal(deleted.body, "");

  const userId = thread.externalUser.id;
  t.equal(await prisma.externalUser.count({ where: { id: userId } }), 0);
  t.equal(await prisma.thread.count({ where: { id: thread.id } }), 0);
  t.equal(await prisma.message.count({ where: { threadId: thread.id } }), 0);
  t.equal(await prisma.feedback.count({ where: { externalUserId: userId } }), 0);
  t.equal(await prisma.userSegment.count({ where: { externalUserId: userId } }), 0);

  const memory = await call(null, { method: "GET", url: `/api/external/memory?userExternalId=${encodeURIComponent(externalId)}`, headers: { authorization: `Bearer ${org.privateKey}` } });
  t.equal(memory.statusCode, 404);
  const listing = await call(org.privateKey, { method: "GET", url: `/api/external/threads?externalUserIds=${encodeURIComponent(externalId)}` });
  t.same(listing.json(), { count: 0, rows: [] });
  const byId = await call(org.privateKey, { method: "GET", url: `/api/external/threads?ids=${thread.id}` });
  t.same(byId.json(), { count: 0, rows: [] });
  const feedback = await call(org.publicKey, { method: "POST", url: "/api/external/feedback", payload: { feedbackType: "NEGATIVE", externalThreadId: threadId } });
  t.equal(feedback.statusCode, 404);

  const kept = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: bystander } });
  t.equal(kept.statusCode, 200, "other users are untouched");
  t.equal(kept.json().segments.length, 1, "and keep the segment the deleted user shared");
});

t.test("unknown users, another organization's users and a second delete are 404", async (t) => {
  const other = await service.newOrganization();
  const theirs = uniqueId("theirs");
  await call(other.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: theirs } });
  for (const externalId of [uniqueId("nobody"), theirs]) {
    const response = await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${externalId}` });
    t.equal(response.statusCode, 404);
    t.same(response.json(), { error: "User not found" });
  }
  t.equal(await prisma.externalUser.count({ where: { organizationId: other.organizationId, externalId: theirs } }), 1, "theirs is untouched");
});

t.test("keys: none is 401, public is 403", async (t) => {
  const externalId = uniqueId("user");
  await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId } });
  t.equal((await call(null, { method: "DELETE", url: `/api/external/users/${externalId}` })).statusCode, 401);
  t.equal((await call(org.publicKey, { method: "DELETE", url: `/api/external/users/${externalId}` })).statusCode, 403);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } }), 1);
});
