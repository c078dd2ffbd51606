import t from "tap";
import pg from "pg";
import { startService, uniqueId } from "../helpers/app.ts";
import { eventually } from "../helpers/wait.ts";

const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;
const client = api(org.privateKey);
const widget = api(org.publicKey);

const deleteUser = (externalId: string, key = org.privateKey) =>
  api(key).DELETE("/api/external/users/{externalId}", { params: { path: { externalId } } });

async function seedUserWithEverything() {
  const externalId = uniqueId("leaver");
  const threadId = uniqueId("thread");
  const thread = await client.POST("/api/external/threads", {
    body: {
      externalId: threadId,
      externalUser: { externalId, segments: { plan: "pro" } },
      messages: [
        { role: "user", content: "forget me", externalId: "m1" },
        { role: "assistant", content: "noted", externalId: "m2" },
      ],
    },
  });
  const feedback = await widget.POST("/api/external/feedback", { body: { feedbackType: "POSITIVE", externalThreadId: threadId } });
  return { externalId, threadId, thread: thread.data!, feedbackStatus: feedback.response.status };
}

t.test("deletes the user with threads, messages, feedback and segment links; nothing shows afterwards", async (t) => {
  const { externalId, threadId, thread, feedbackStatus } = await seedUserWithEverything();
  t.equal(feedbackStatus, 201);
  const bystander = uniqueId("bystander");
  await client.PUT("/api/external/users", { body: { externalId: bystander, segments: { plan: "pro" } } });

  const deleted = await deleteUser(externalId);
  t.equal(deleted.response.status, 204);
  t.equal(await deleted.response.text(), "");

  const userId = thread.externalUser.id;
  t.equal(await prisma.externalUser.count({ where: { id: userId } }), 0);
  t.equal(await prisma.thread.count({ where: { id: thread.id } }), 0);
  t.equal(await prisma.message.count({ where: { threadId: thread.id } }), 0);
  t.equal(await prisma.feedback.count({ where: { externalUserId: userId } }), 0);
  t.equal(await prisma.userSegment.count({ where: { externalUserId: userId } }), 0);

  const memory = await client.GET("/api/external/memory", { params: { query: { userExternalId: externalId } } });
  t.equal(memory.response.status, 404);
  const listing = await client.GET("/api/external/threads", { params: { query: { externalUserIds: [externalId] } } });
  t.same(listing.data, { count: 0, countExact: true, rows: [] });
  const byId = await client.GET("/api/external/threads", { params: { query: { ids: [thread.id] } } });
  t.same(byId.data, { count: 0, countExact: true, rows: [] });
  const feedback = await widget.POST("/api/external/feedback", { body: { feedbackType: "NEGATIVE", externalThreadId: threadId } });
  t.equal(feedback.response.status, 404);

  const kept = await client.PUT("/api/external/users", { body: { externalId: bystander } });
  t.equal(kept.response.status, 200, "other users are untouched");
  t.equal(kept.data!.segments.length, 1, "and keep the segment the deleted user shared");
});

t.test("unknown users, another organization's users and a second delete are 404", async (t) => {
  const other = await service.newOrganization();
  const theirs = uniqueId("theirs");
  await api(other.privateKey).PUT("/api/external/users", { body: { externalId: theirs } });
  for (const externalId of [uniqueId("nobody"), theirs]) {
    const response = await deleteUser(externalId);
    t.equal(response.response.status, 404);
    t.same(response.error, { error: "User not found" });
  }
  t.equal(await prisma.externalUser.count({ where: { organizationId: other.organizationId, externalId: theirs } }), 1, "theirs is untouched");
});

t.test("keys: none is 401, public is 403", async (t) => {
  const externalId = uniqueId("user");
  await client.PUT("/api/external/users", { body: { externalId } });
  t.equal((await call(null, { method: "DELETE", url: `/api/external/users/${externalId}` })).statusCode, 401);
  t.equal((await deleteUser(externalId, org.publicKey)).response.status, 403);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } }), 1);
});

t.test("the segments no remaining user holds are deleted with the user; shared ones and segment types stay", async (t) => {
  const leaver = uniqueId("leaver");
  const email = `${uniqueId("gdpr-user")}@example.com`;
  const plan = uniqueId("plan");
  await client.PUT("/api/external/users", { body: { externalId: leaver, segments: { "personal-email": email, plan } } });
  const bystander = await client.PUT("/api/external/users", { body: { externalId: uniqueId("bystander"), segments: { plan } } });
  const segmentNames = async () => ((await client.GET("/api/external/segments")).data ?? []).map((segment) => segment.name);
  t.ok((await segmentNames()).includes(email));

  t.equal((await deleteUser(leaver)).response.status, 204);
  const names = await segmentNames();
  t.notOk(names.includes(email), "GET /segments no longer lists the address");
  t.ok(names.includes(plan), "the segment another user holds stays");
  t.equal(await prisma.segment.count({ where: { organizationId: org.organizationId, name: email } }), 0, "nor is it stored");
  t.equal(await prisma.segment.count({ where: { id: bystander.data!.segments[0]!.id } }), 1, "the shared one keeps its id");
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: "personal-email" } }), 1, "segment types stay");
});

t.test("a segment given to another user while its last holder is deleted is never lost", async (t) => {
  for (let round = 0; round < 10; round++) {
    const email = `${uniqueId("shared")}@example.com`;
    const leaver = uniqueId("leaver");
    const newcomer = uniqueId("newcomer");
    await client.PUT("/api/external/users", { body: { externalId: leaver, segments: { "personal-email": email } } });
    const [deleted, given] = await Promise.all([
      deleteUser(leaver),
      client.PUT("/api/external/users", { body: { externalId: newcomer, segments: { "personal-email": email } } }),
    ]);
    t.same([deleted.response.status, given.response.status], [204, 201]);
    const stored = await prisma.externalUser.findFirstOrThrow({
      where: { organizationId: org.organizationId, externalId: newcomer },
      include: { segments: { include: { segment: true } } },
    });
    t.same(stored.segments.map((link) => link.segment.name), [email], `round ${round}: the newcomer holds it`);
  }
});

t.test("a deletion racing ingests of the same user never deadlocks: each call is answered, and the user is either gone or whole", async (t) => {
  for (let round = 0; round < 5; round++) {
    const externalId = uniqueId("racer");
    const ingest = (index: number) =>
      client.POST("/api/external/threads", {
        body: { externalUser: { externalId, segments: { plan: "pro", region: `r${index % 3}` } }, messages: [{ role: "user", content: `message ${index}` }] },
      });
    await ingest(0);
    const answers = await Promise.all([...Array.from({ length: 8 }, (_, index) => ingest(index + 1)), deleteUser(externalId), ...Array.from({ length: 8 }, (_, index) => ingest(index + 9))]);
    const statuses = answers.map(({ response }) => response.status);
    t.ok(statuses.every((status) => status === 201 || status === 204), `round ${round}: ${statuses.join(",")}`);
    const user = await prisma.externalUser.findFirst({ where: { organizationId: org.organizationId, externalId }, include: { threads: true } });
    // Ingests committed after the deletion made the user anew, with their own threads only.
    const after = statuses.slice(9).filter((status) => status === 201).length;
    if (user) t.ok(user.threads.length >= 1 && user.threads.length <= after + 8, `round ${round}: ${user.threads.length} threads`);
  }
});

t.test("a deletion waits for the user's row before it locks the user's segments (the order Create Thread takes them in)", { skip: process.env.DATABASE_URL ? false : "one connection on the embedded database: no two transactions interleave" }, async (t) => {
  const externalId = uniqueId("ordered");
  await client.PUT("/api/external/users", { body: { externalId, segments: { plan: "pro" } } });
  const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const prober = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([holder.connect(), prober.connect()]);
  t.teardown(() => Promise.all([holder.end(), prober.end()]));
  // An ingest in flight: it has written the user's row and is about to link its segments.
  await holder.query("BEGIN");
  await holder.query(`SELECT 1 FROM "ExternalUser" WHERE "organizationId" = $1 AND "externalId" = $2 FOR UPDATE`, [org.organizationId, externalId]);
  const deletion = deleteUser(externalId);
  await eventually(async () => (await prober.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rowCount! > 0, "the deletion waiting on a lock");
  // The deletion waits on the user's row and holds none of the segments the ingest needs next.
  const segments = await prober.query(
    `SELECT s."id" FROM "Segment" s JOIN "UserSegment" us ON us."segmentId" = s."id" JOIN "ExternalUser" u ON u."id" = us."externalUserId"
     WHERE u."organizationId" = $1 AND u."externalId" = $2 FOR KEY SHARE OF s NOWAIT`,
    [org.organizationId, externalId],
  );
  t.equal(segments.rowCount, 1);
  await holder.query("COMMIT");
  t.equal((await deletion).response.status, 204);
});
