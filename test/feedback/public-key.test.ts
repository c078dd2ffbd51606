import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// What a public key may see and change: anyone can hold a public key, so it creates givers but never
// changes one, and its answers carry no personal data.
const service = await startService(t);
const { org, api } = service;
const { prisma } = service.database;
const { thread, postFeedback } = feedbackFixtures(service);

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
  t.same(viaPrivate.data!.message, { externalId: "m2", role: "assistant", content: "message 2" });
});

t.test("a new giver is created with the fields given, and the answer still shows none of them", async (t) => {
  const target = await thread();
  const carol = uniqueId("carol");
  const { data, response } = await postFeedback({
    feedbackType: "POSITIVE",
    externalThreadId: target.externalId,
    externalUser: { externalId: carol, name: "Carol", email: "carol@example.com", segments: { plan: "trial" } },
  });
  t.equal(response.status, 201);
  t.same(Object.keys(data!.externalUser!).sort(), PUBLIC_USER_KEYS);
  t.same(data!.externalUser!.segments, []);
  const stored = await storedUser(carol);
  t.match(stored, { name: "Carol", email: "carol@example.com", username: null });
  t.same(stored.segments.map((link) => [link.segment.type.name, link.segment.name]), [["plan", "trial"]]);

  const again = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: { externalId: carol, name: "Changed" } });
  t.equal(again.response.status, 200, "the same giver's vote is replaced");
  t.equal((await storedUser(carol)).name, "Carol", "a second public call does not change the giver it created");
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
