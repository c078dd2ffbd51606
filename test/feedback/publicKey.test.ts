import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import type { TransactionQueries } from "../../src/db/driver.ts";
import { createFeedback } from "../../src/feedback/feedback.ts";
import { FEEDBACK_TARGET } from "../../src/feedback/sql.ts";

// What a public key may see and change: anyone can hold a public key and name anyone, so it stores a
// giver's externalId alone, never changes a user or a vote, and its answers carry no personal data.
const service = await startService(t);
const { org, api } = service;
const { prisma } = service.database;
const { thread, attribute, postFeedback } = feedbackFixtures(service);

const ALREADY_VOTED = "Conflict - this giver has already voted; a feedback token can change a vote";
const PUBLIC_USER_KEYS = ["createdAt", "externalId", "id", "organizationId", "segments", "updatedAt"];

const storedUser = (externalId: string) =>
  prisma.externalUser.findFirstOrThrow({
    where: { organizationId: org.organizationId, externalId },
    include: { segments: { include: { segment: { include: { type: true } } } } },
  });

async function knownUser() {
  const externalId = uniqueId("alice");
  const { response } = await api(org.privateKey).PUT("/api/external/users", {
    body: { externalId, name: "Alice", email: "alice@example.com", username: "alice", segments: { plan: "pro" } },
  });
  if (response.status !== 201) throw new Error(`user creation answered ${response.status}`);
  return externalId;
}

t.test("an existing giver is neither changed nor shown", async (t) => {
  const target = await thread();
  const alice = await knownUser();
  const before = await storedUser(alice);
  const { data, response } = await postFeedback({
    feedbackType: "NEGATIVE",
    externalThreadId: target.externalId,
    externalUser: { externalId: alice, name: "Mallory", email: "attacker@example.com", username: "mallory", segments: { plan: "free", role: "admin" } },
  });
  t.equal(response.status, 201);
  t.same(contractViolations("Feedback", data), []);
  t.same(Object.keys(data!.externalUser!).sort(), PUBLIC_USER_KEYS);
  t.match(data!.externalUser, { id: before.id, externalId: alice, organizationId: org.organizationId, segments: [] });
  t.notMatch(JSON.stringify(data), /Alice|alice@example|"pro"/, "no personal data in the answer");

  const after = await storedUser(alice);
  t.match(after, { name: "Alice", email: "alice@example.com", username: "alice" }, "the stored profile is unchanged");
  t.same(after.segments.map((link) => [link.segment.type.name, link.segment.name]), [["plan", "pro"]], "and so are the segments");
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: "role" } }), 0, "nothing new was created for it");
  const [feedback] = await prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId: target.messages.at(-1)!.id } });
  t.equal(feedback?.externalUserId, before.id, "alice is still recorded as the giver");
});

t.test("the message a public key's vote landed on: which one, not what it says; a private key sees it all", async (t) => {
  const target = await thread({ messages: 2 });
  const viaPublic = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId });
  t.equal(viaPublic.response.status, 201);
  t.same(contractViolations("Feedback", viaPublic.data), []);
  t.match(viaPublic.data, { threadId: target.id, threadExternalId: target.externalId, projectId: org.projectId });
  t.same(viaPublic.data!.message, { externalId: "m2", role: "assistant" });
  t.notMatch(JSON.stringify(viaPublic.data), /message 2/, "the message's content is not in the answer");

  const viaPrivate = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId }, org.privateKey);
  t.equal(viaPrivate.response.status, 200, "the same giver (the thread's user) replaced the vote");
  t.same(viaPrivate.data!.message, { externalId: "m2", role: "assistant", content: "message 2", contentTruncated: false });
});

t.test("a new giver is stored with its externalId alone: the name, email, username and segments given are ignored", async (t) => {
  const target = await thread();
  const carol = uniqueId("carol");
  const segmentType = uniqueId("plan");
  const { data, response } = await postFeedback({
    feedbackType: "POSITIVE",
    externalThreadId: target.externalId,
    externalUser: { externalId: carol, name: "Carol", email: "carol@example.com", username: "carol", segments: { [segmentType]: "trial" } },
  });
  t.equal(response.status, 201);
  t.same(Object.keys(data!.externalUser!).sort(), PUBLIC_USER_KEYS);
  t.same(data!.externalUser!.segments, []);
  const stored = await storedUser(carol);
  t.match(stored, { name: null, email: null, username: null });
  t.same(stored.segments, [], "no segment given");
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: segmentType } }), 0, "nor a segment type created");
});

t.test("a public key never replaces a vote: 409, and the vote stays as it was", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["outdated", "wrong"]);
  const target = await thread();
  const alice = await api(org.privateKey).POST("/api/external/feedback", {
    body: { feedbackType: "NEGATIVE", externalThreadId: target.externalId, feedbackText: "out of date", attributes: { [reason.name]: "outdated" } },
  });
  t.equal(alice.response.status, 201, "the thread's user voted through the backend");
  const before = await prisma.feedback.findUniqueOrThrow({ where: { id: alice.data!.id }, include: { options: true } });

  const bodies = [
    { feedbackType: "POSITIVE" as const, externalThreadId: target.externalId },
    { feedbackType: "POSITIVE" as const, externalThreadId: target.externalId, externalUser: { externalId: target.userExternalId }, feedbackText: "great" },
  ];
  for (const body of bodies) {
    const { error, response } = await postFeedback(body);
    t.equal(response.status, 409, body.externalUser ? "naming the giver" : "the thread's user, unnamed");
    t.same(error, { error: ALREADY_VOTED });
  }
  const after = await prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId: target.messages.at(-1)!.id }, include: { options: true } });
  t.same(after, [before], "type, text, reason and times unchanged; no other vote");

  const carol = uniqueId("carol");
  const first = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: { externalId: carol } });
  t.equal(first.response.status, 201, "another giver votes once");
  const again = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: carol } });
  t.equal(again.response.status, 409, "and not twice");
  t.equal((await prisma.feedback.findUniqueOrThrow({ where: { id: first.data!.id } })).feedbackType, "NEGATIVE");
});

t.test("30 concurrent public votes by one giver: one 201, the rest 409, one vote stored", async (t) => {
  const target = await thread();
  const giver = uniqueId("giver");
  const responses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      postFeedback({ feedbackType: i % 2 ? "POSITIVE" : "NEGATIVE", externalThreadId: target.externalId, feedbackText: `vote ${i}`, externalUser: { externalId: giver } }),
    ),
  );
  const statuses = responses.map(({ response }) => response.status);
  t.equal(statuses.filter((status) => status === 201).length, 1);
  t.equal(statuses.filter((status) => status === 409).length, 29);
  const winner = responses.find(({ response }) => response.status === 201)!.data!;
  const stored = await prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId: target.messages.at(-1)!.id } });
  t.same(
    stored.map(({ id, feedbackText }) => ({ id, feedbackText })),
    [{ id: winner.id, feedbackText: winner.feedbackText }],
    "the first vote, untouched",
  );
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: giver } }), 1);
});

t.test("without externalUser the thread owner's profile is not shown either", async (t) => {
  const alice = await knownUser();
  const { data: created } = await api(org.privateKey).POST("/api/external/threads", {
    body: { externalId: uniqueId("thread"), externalUser: { externalId: alice }, messages: [{ role: "user", content: "hi" }] },
  });
  const { data, response } = await postFeedback({ feedbackType: "POSITIVE", externalThreadId: created!.externalId! });
  t.equal(response.status, 201);
  t.same(Object.keys(data!.externalUser!).sort(), PUBLIC_USER_KEYS);
  t.match(data!.externalUser, { externalId: alice, segments: [] });
  t.notMatch(JSON.stringify(data), /Alice|alice@example/);
});

t.test("a private key still upserts the giver and sees the whole answer", async (t) => {
  const target = await thread();
  const alice = await knownUser();
  const { data, response } = await postFeedback(
    { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: alice, email: "new@example.com", segments: { plan: "free" } } },
    org.privateKey,
  );
  t.equal(response.status, 201);
  t.match(data!.externalUser, { name: "Alice", email: "new@example.com", segments: [{ name: "free", type: { name: "plan" } }] });
  t.equal((await storedUser(alice)).email, "new@example.com");
});

t.test("a public key's vote runs without a transaction: its thread deleted between the lookup and the vote is a 404, nothing written", async (t) => {
  const target = await thread();
  const giver = uniqueId("giver");
  let lookups = 0;
  const { driver } = service.database;
  // The thread deleted right after the vote's first lookup found it: the vote's write meets the
  // vanished rows, is run again, and its lookup answers what a request a moment later gets.
  const racing = {
    driver: {
      ...driver,
      autocommit: <T>(work: (queries: TransactionQueries) => Promise<T>) =>
        driver.autocommit((queries) =>
          work({
            ...queries,
            rows: async (statement, params) => {
              const rows = await queries.rows(statement, params);
              if (statement.name === FEEDBACK_TARGET.name && lookups++ === 0) {
                await prisma.thread.delete({ where: { id: target.id } });
              }
              return rows;
            },
          }),
        ),
    },
  };
  await t.rejects(createFeedback(racing, org.organizationId, "public", { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: giver } }), {
    statusCode: 404,
    message: "Thread not found",
  });
  t.equal(lookups, 2, "the vote's lookup ran again");
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: giver } }), 0, "the giver the vote would have created is not");
  t.equal(await prisma.feedback.count({ where: { organizationId: org.organizationId, threadId: target.id } }), 0);
});
