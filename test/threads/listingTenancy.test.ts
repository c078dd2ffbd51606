import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { listing, type ListedThread } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { org } = service;
const { ids, list, createThread } = listing(service);
const other = await service.newOrganization();

// The same user externalId, thread externalId and words in both organizations.
const sharedUser = uniqueId("shared-user");
const sharedThread = uniqueId("shared-thread");
const word = uniqueId("Wombat");
const body = {
  externalId: sharedThread,
  externalUser: { externalId: sharedUser, name: `Name ${word}`, segments: { plan: "pro" } },
  intents: ["billing"],
  messages: [{ role: "user" as const, content: `about ${word}` }],
};
const mine = await createThread(body);
const theirs = await createThread(body, other.privateKey);
const theirsOnly = await createThread(
  { externalUser: { externalId: uniqueId("their-user") }, intents: ["secret"], messages: [{ role: "user", content: `only ${word}-theirs` }] },
  other.privateKey,
);

const theirSegment = theirs.externalUser.segments[0]!.id;
const theirIntent = (thread: ListedThread) => thread.intents[0]!.id;

t.test("the listing shows the caller's threads only", async (t) => {
  t.same(await ids(), { count: 1, ids: [mine.id] });
  t.same(await ids({}, other.privateKey), { count: 2, ids: [theirsOnly.id, theirs.id] });
});

t.test("another organization's ids are filtered out", async (t) => {
  t.same(await ids({ ids: [theirs.id, theirsOnly.id] }), { count: 0, ids: [] });
  t.same(await ids({ ids: [theirs.id, mine.id] }), { count: 1, ids: [mine.id] });
  t.same(await ids({ intentIds: [theirIntent(theirsOnly)] }), { count: 0, ids: [] });
  t.same(await ids({ intentIds: [theirIntent(theirs), theirIntent(mine)] }), { count: 1, ids: [mine.id] });
  t.same(await ids({ userSegmentIds: [theirSegment] }), { count: 0, ids: [] });
  t.same(await ids({ projectId: other.projectId }), { count: 0, ids: [] });
});

t.test("external ids and search terms match within the caller's organization only", async (t) => {
  t.same(await ids({ externalUserIds: [sharedUser] }), { count: 1, ids: [mine.id] });
  t.same(await ids({ search: sharedThread }), { count: 1, ids: [mine.id] });
  t.same(await ids({ search: word }), { count: 1, ids: [mine.id] });
  t.same(await ids({ search: `${word}-theirs` }), { count: 0, ids: [] });
  t.same(await ids({ userSearch: word }), { count: 1, ids: [mine.id] });
});

t.test("rows carry the caller's organization, user, segments and intents only", async (t) => {
  const response = await list();
  t.equal(response.response.status, 200);
  const row = response.data!.rows[0]!;
  t.equal(row.organizationId, org.organizationId);
  t.equal(row.externalUser.organizationId, org.organizationId);
  t.same(row.externalUser.segments.map((s) => s.id), mine.externalUser.segments.map((s) => s.id));
  t.same(row.intents, mine.intents);
  t.not(row.externalUser.id, theirs.externalUser.id);
});
