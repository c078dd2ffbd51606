import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import type { components } from "../../client/src/index.ts";
import { listing, type ListedThread } from "../fixtures/threadListing.ts";

type ExternalUserInput = components["schemas"]["ExternalUserInput"];
type CreateThreadRequest = components["schemas"]["CreateThreadRequest"];

const service = await startService(t);
const { org } = service;
const { ids, idsOfRaw, list, listRaw, createThread, setCreatedAt } = listing(service);

const second = await createProject(service.database.prisma, org.organizationId, "second");
const ada = { externalId: uniqueId("ada"), name: "Ada", segments: { plan: "pro", region: "eu" } };
const bob = { externalId: uniqueId("bob"), name: "Bob", segments: { plan: "free", region: "us" } };
const cyd = { externalId: uniqueId("cyd"), name: "Cyd", segments: { plan: "pro", region: "us" } };

async function thread(user: ExternalUserInput, createdAt: string, extra: Partial<CreateThreadRequest> = {}): Promise<ListedThread> {
  const created = await createThread({
    externalUser: user,
    externalId: uniqueId("thread"),
    messages: [{ role: "user", content: "first" }, { role: "assistant", content: "second" }],
    ...extra,
  });
  await setCreatedAt(created.id, createdAt);
  return created;
}

// Created out of date order, so that ordering by id alone would fail.
const t3 = await thread(cyd, "2024-01-03T00:00:00.000Z", { projectId: second.id, intents: ["billing", "refund"] });
const t1 = await thread(ada, "2024-01-01T00:00:00.000Z", { intents: ["billing"], metadata: { channel: "web" } });
const t5 = await thread(bob, "2024-01-05T00:00:00.000Z", { intents: ["other"] });
const t2 = await thread(bob, "2024-01-02T00:00:00.000Z", { intents: ["refund"] });
const t4 = await thread(ada, "2024-01-04T00:00:00.000Z", { projectId: second.id });

const intentId = (created: ListedThread, name: string) => created.intents.find((intent) => intent.name === name)!.id;
const segmentId = (created: ListedThread, name: string) => created.externalUser.segments.find((s) => s.name === name)!.id;
// Intents belong to a project: the two projects each have their own "billing".
const billing = intentId(t1, "billing");
const secondBilling = intentId(t3, "billing");
const refund = intentId(t2, "refund");
const pro = segmentId(t1, "pro");
const eu = segmentId(t1, "eu");
const us = segmentId(t2, "us");

t.test("without filters: every thread of the organization, newest first, each complete", async (t) => {
  const response = await list();
  t.equal(response.response.status, 200);
  const body = response.data!;
  t.equal(body.count, 5);
  t.same(body.rows.map((row) => row.id), [t5.id, t4.id, t3.id, t2.id, t1.id]);
  const oldest = body.rows[4];
  t.match(oldest, {
    id: t1.id,
    organizationId: org.organizationId,
    externalId: t1.externalId,
    createdAt: "2024-01-01T00:00:00.000Z",
    metadata: { channel: "web" },
    project: { id: org.projectId, name: "default" },
    externalUser: { externalId: ada.externalId, name: "Ada" },
    intents: [{ id: billing, name: "billing" }],
  });
  t.same(Object.keys(oldest!.project).sort(), ["id", "name"]);
  t.same(oldest!.externalUser.segments.map((s) => [s.type.name, s.name]).sort(), [
    ["plan", "pro"],
    ["region", "eu"],
  ]);
  t.same(oldest!.messages.map((m) => [m.role, m.content]), [
    ["user", "first"],
    ["assistant", "second"],
  ]);
});

t.test("ids: one, repeated, comma-separated, both, unknown", async (t) => {
  t.same(await ids({ ids: [t2.id] }), { count: 1, ids: [t2.id] });
  t.same(await ids({ ids: [t1.id, t3.id] }), { count: 2, ids: [t3.id, t1.id] });
  t.same(await idsOfRaw({ ids: `${t1.id},${t4.id}` }), { count: 2, ids: [t4.id, t1.id] });
  t.same(await idsOfRaw({ ids: [`${t1.id},${t2.id}`, t5.id] }), { count: 3, ids: [t5.id, t2.id, t1.id] });
  t.same(await ids({ ids: [t1.id, t1.id] }), { count: 1, ids: [t1.id] }, "a repeated id lists its thread once");
  t.same(await ids({ ids: [2147483647] }), { count: 0, ids: [] });
});

t.test("externalUserIds: the threads of any of the users", async (t) => {
  t.same(await ids({ externalUserIds: [ada.externalId] }), { count: 2, ids: [t4.id, t1.id] });
  t.same(await idsOfRaw({ externalUserIds: `${ada.externalId},${cyd.externalId}` }), { count: 3, ids: [t4.id, t3.id, t1.id] });
  t.same(await ids({ externalUserIds: [bob.externalId, cyd.externalId] }), { count: 3, ids: [t5.id, t3.id, t2.id] });
  t.same(await ids({ externalUserIds: [uniqueId("nobody")] }), { count: 0, ids: [] });
});

t.test("intentIds: threads having any of the intents", async (t) => {
  t.not(billing, secondBilling);
  t.same(await ids({ intentIds: [billing] }), { count: 1, ids: [t1.id] });
  t.same(await ids({ intentIds: [billing, secondBilling] }), { count: 2, ids: [t3.id, t1.id] });
  t.same(await idsOfRaw({ intentIds: `${billing},${refund}` }), { count: 2, ids: [t2.id, t1.id] });
  t.same(await idsOfRaw({ intentIds: [`${refund},${intentId(t5, "other")}`, secondBilling] }), { count: 3, ids: [t5.id, t3.id, t2.id] });
});

t.test("userSegmentIds: threads whose user has any of the segments", async (t) => {
  t.same(await ids({ userSegmentIds: [eu] }), { count: 2, ids: [t4.id, t1.id] });
  t.same(await ids({ userSegmentIds: [pro] }), { count: 3, ids: [t4.id, t3.id, t1.id] });
  t.same(await idsOfRaw({ userSegmentIds: `${eu},${us}` }), { count: 5, ids: [t5.id, t4.id, t3.id, t2.id, t1.id] });
});

t.test("projectId", async (t) => {
  t.same(await ids({ projectId: second.id }), { count: 2, ids: [t4.id, t3.id] });
  t.same(await ids({ projectId: org.projectId }), { count: 3, ids: [t5.id, t2.id, t1.id] });
});

t.test("before and after are exclusive bounds on createdAt, in any time zone", async (t) => {
  t.same(await ids({ after: "2024-01-02T00:00:00.000Z" }), { count: 3, ids: [t5.id, t4.id, t3.id] });
  t.same(await ids({ after: "2024-01-01T23:59:59.999Z" }), { count: 4, ids: [t5.id, t4.id, t3.id, t2.id] });
  t.same(await ids({ before: "2024-01-04T00:00:00Z" }), { count: 3, ids: [t3.id, t2.id, t1.id] });
  t.same(await ids({ before: "2024-01-04T00:00:00.001Z" }), { count: 4, ids: [t4.id, t3.id, t2.id, t1.id] });
  t.same(await ids({ after: "2024-01-02T00:00:00Z", before: "2024-01-04T00:00:00Z" }), { count: 1, ids: [t3.id] });
  t.same(await ids({ after: "2024-01-02T01:00:00+01:00" }), { count: 3, ids: [t5.id, t4.id, t3.id] }, "+01:00 is UTC midnight");
  t.same(await ids({ before: "2024-01-01T19:00:00-05:00" }), { count: 1, ids: [t1.id] }, "-05:00 is UTC midnight");
  t.same(await ids({ after: "2024-01-04T00:00:00Z", before: "2024-01-02T00:00:00Z" }), { count: 0, ids: [] });
});

t.test("filters are AND-ed", async (t) => {
  t.same(await ids({ userSegmentIds: [pro], projectId: second.id }), { count: 2, ids: [t4.id, t3.id] });
  t.same(await ids({ externalUserIds: [ada.externalId], intentIds: [billing] }), { count: 1, ids: [t1.id] });
  t.same(await ids({ intentIds: [billing, refund], userSegmentIds: [us], before: "2024-01-03T00:00:00Z" }), {
    count: 1,
    ids: [t2.id],
  });
  t.same(await ids({ ids: [t1.id, t2.id, t3.id], projectId: second.id }), { count: 1, ids: [t3.id] });
  t.same(await ids({ externalUserIds: [bob.externalId], projectId: second.id }), { count: 0, ids: [] });
});

t.test("empty parameters count as absent", async (t) => {
  const response = await listRaw({ ids: "", externalUserIds: "", search: "", userSearch: "", projectId: "", before: "", pageSize: "" });
  t.equal(response.statusCode, 200);
  t.equal(response.json().count, 5);
  t.equal(response.json().rows.length, 5);
});
