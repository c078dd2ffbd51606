import t from "tap";
import { startService } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackScenario, readingClient } from "../fixtures/feedbackReading.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { list, ids, idsOfRaw } = readingClient(service);
const s = await feedbackScenario(service);
const { f1, f2, f3, f4, f5, t1, t2, options } = s;
const all = [f5.id, f4.id, f3.id, f2.id, f1.id];

t.test("without filters: every feedback of the organization, newest first (createdAt, then id), each complete", async (t) => {
  const { data, response } = await list();
  t.equal(response.status, 200);
  t.same(contractViolations("FeedbackPage", data), [], "the body matches openapi.yaml's FeedbackPage");
  t.equal(data!.count, 5);
  t.same(data!.rows.map((row) => row.id), all, "f4 and f5 share createdAt: the higher id first");
  const row = data!.rows.find((r) => r.id === f2.id)!;
  t.same(Object.keys(row).sort(), [
    "attributeOptions", "createdAt", "externalUser", "feedbackText", "feedbackType", "id",
    "message", "projectId", "threadExternalId", "threadId", "updatedAt",
  ]);
  t.match(row, {
    feedbackType: "NEGATIVE",
    feedbackText: "Out of date, 100%_sure",
    createdAt: "2024-01-07T23:59:59.999Z",
    threadId: t1.id,
    threadExternalId: t1.externalId,
    projectId: org.projectId,
    externalUser: { externalId: s.bob.externalId, name: "Bob", organizationId: org.organizationId },
  });
  t.same(row.message, { externalId: "m2", role: "assistant", content: "Use the export button.", contentTruncated: false });
  t.same(row.attributeOptions.map((o) => [o.id, o.name, o.attribute.name, o.attribute.options.map((x) => x.name)]), [
    [options.wrong, "wrong", "reason", ["outdated", "wrong"]],
  ]);
  t.same(row.externalUser!.segments.map((x) => `${x.type.name}: ${x.name}`), ["plan: free", "region: us"]);
  t.same(data!.rows.find((r) => r.id === f5.id)!.externalUser!.externalId, s.cyd.externalId, "without externalUser, the thread's user gave it");
});

t.test("a row is what the POST answered for it, its creation time aside", async (t) => {
  const { data } = await list({ threadIds: [t2.id] });
  t.same({ ...data!.rows[0], createdAt: undefined }, { ...f3, createdAt: undefined });
});

t.test("a thread without externalId: threadExternalId is null", async (t) => {
  await prisma.$executeRaw`UPDATE "Thread" SET "externalId" = NULL WHERE "id" = ${t2.id}`;
  t.teardown(() => prisma.$executeRaw`UPDATE "Thread" SET "externalId" = ${t2.externalId} WHERE "id" = ${t2.id}`);
  const { data } = await list({ threadIds: [t2.id] });
  t.equal(data!.rows[0]!.threadExternalId, null);
  t.same(contractViolations("FeedbackPage", data), []);
});

t.test("projectId", async (t) => {
  t.same(await ids({ projectId: s.second.id }), { count: 1, ids: [f3.id] });
  t.same(await ids({ projectId: org.projectId }), { count: 4, ids: [f5.id, f4.id, f2.id, f1.id] });
  t.same(await ids({ projectId: 2147483647 }), { count: 0, ids: [] }, "an unknown project lists nothing");
});

t.test("threadIds: one, repeated, comma-separated, both", async (t) => {
  t.same(await ids({ threadIds: [t1.id] }), { count: 2, ids: [f2.id, f1.id] });
  t.same(await ids({ threadIds: [t2.id, s.t3.id] }), { count: 3, ids: [f5.id, f4.id, f3.id] });
  t.same(await idsOfRaw({ threadIds: `${t1.id},${t2.id}` }), { count: 3, ids: [f3.id, f2.id, f1.id] });
  t.same(await idsOfRaw({ threadIds: [`${t1.id},${t2.id}`, s.t3.id] }), { count: 5, ids: all });
});

t.test("externalUserIds: the givers", async (t) => {
  t.same(await ids({ externalUserIds: [s.ada.externalId] }), { count: 2, ids: [f3.id, f1.id] });
  t.same(await idsOfRaw({ externalUserIds: `${s.bob.externalId},${s.cyd.externalId}` }), { count: 3, ids: [f5.id, f4.id, f2.id] });
  t.same(await ids({ externalUserIds: ["nobody"] }), { count: 0, ids: [] });
});

t.test("feedbackType", async (t) => {
  t.same(await ids({ feedbackType: "NEGATIVE" }), { count: 2, ids: [f3.id, f2.id] });
  t.same(await ids({ feedbackType: "POSITIVE" }), { count: 3, ids: [f5.id, f4.id, f1.id] });
});

t.test("attributeOptionIds: feedback carrying any of them, each once", async (t) => {
  t.same(await ids({ attributeOptionIds: [options.outdated!] }), { count: 2, ids: [f4.id, f1.id] });
  t.same(await idsOfRaw({ attributeOptionIds: `${options.outdated},${options.slow}` }), { count: 3, ids: [f4.id, f3.id, f1.id] });
  t.same(await ids({ attributeOptionIds: [options.outdated!, options.outdated!] }), { count: 2, ids: [f4.id, f1.id] });
});

t.test("search: case-insensitive substring of the text, wildcards taken literally", async (t) => {
  t.same(await ids({ search: "OUT OF" }), { count: 1, ids: [f2.id] });
  t.same(await ids({ search: "%_" }), { count: 1, ids: [f2.id] });
  t.same(await ids({ search: "_" }), { count: 1, ids: [f2.id] });
  t.same(await ids({ search: "e" }), { count: 3, ids: [f4.id, f2.id, f1.id] });
  t.same(await ids({ search: "no such words" }), { count: 0, ids: [] });
});

t.test("before and after: exclusive bounds on createdAt, offsets honoured", async (t) => {
  t.same(await ids({ after: "2024-01-07T23:59:59.999Z" }), { count: 3, ids: [f5.id, f4.id, f3.id] });
  t.same(await ids({ before: "2024-01-08T00:00:00Z" }), { count: 2, ids: [f2.id, f1.id] });
  t.same(await ids({ after: "2024-01-08T01:00:00+01:00" }), { count: 2, ids: [f5.id, f4.id] }, "01:00+01:00 is f3's instant");
  t.same(await ids({ after: "2024-01-01T10:00:00Z", before: "2024-02-01T00:00:00Z" }), { count: 2, ids: [f3.id, f2.id] });
});

t.test("filters are AND-ed", async (t) => {
  t.same(await ids({ projectId: org.projectId, feedbackType: "POSITIVE" }), { count: 3, ids: [f5.id, f4.id, f1.id] });
  t.same(await ids({ externalUserIds: [s.ada.externalId], feedbackType: "POSITIVE", attributeOptionIds: [options.outdated!] }), { count: 1, ids: [f1.id] });
  t.same(await ids({ threadIds: [t1.id], search: "great", before: "2024-01-02T00:00:00Z" }), { count: 1, ids: [f1.id] });
});

t.test("paging: pageSize and pageIndex, count ignoring them", async (t) => {
  t.same(await ids({ pageSize: 2 }), { count: 5, ids: all.slice(0, 2) });
  t.same(await ids({ pageSize: 2, pageIndex: 1 }), { count: 5, ids: all.slice(2, 4) });
  t.same(await ids({ pageSize: 2, pageIndex: 2 }), { count: 5, ids: all.slice(4) });
  t.same(await ids({ pageSize: 2, pageIndex: 3 }), { count: 5, ids: [] });
  t.same(await ids({ pageSize: 1, feedbackType: "NEGATIVE" }), { count: 2, ids: [f3.id] });
});

t.test("another organization: its feedback never shows, its ids filter everything out", async (t) => {
  const other = await service.newOrganization();
  const theirs = await feedbackScenario(service, other);
  const mine = await ids();
  t.same(mine, { count: 5, ids: all }, "their feedback is not listed");
  t.same(await ids({ threadIds: [theirs.t1.id] }), { count: 0, ids: [] });
  t.same(await ids({ projectId: theirs.second.id }), { count: 0, ids: [] });
  t.same(await ids({ attributeOptionIds: [theirs.options.outdated!] }), { count: 0, ids: [] });
  t.same(await ids({ threadIds: [theirs.t1.id, t1.id] }), { count: 2, ids: [f2.id, f1.id] }, "mixed with ours: only ours");
  t.same((await ids({}, other.privateKey)).ids, [theirs.f5.id, theirs.f4.id, theirs.f3.id, theirs.f2.id, theirs.f1.id]);
});
