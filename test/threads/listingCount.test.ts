// decisions.md "Counting large searches": a search's count stops at 10,000 (countExact false);
// every other count, and every count of 10,000 or fewer, is exact.
import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { MANY, seedManyThreads } from "../helpers/manyRows.ts";
import { listing } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { org } = service;
const { list, createThread } = listing(service);

const marker = uniqueId("Count").replaceAll("-", "");
const userName = `Many ${marker}`;
const first = await createThread({ externalUser: { externalId: uniqueId("many"), name: userName }, messages: [{ role: "user", content: "the first" }] });
await seedManyThreads(service, marker, first.externalUser.id);
const total = MANY + 1;

t.test("a search matching more than 10,000 threads: count 10,000, countExact false, and the page is there", async (t) => {
  const { data, response } = await list({ search: marker, pageSize: 3 });
  t.equal(response.status, 200);
  t.same(contractViolations("ThreadPage", data), [], "the body matches openapi.yaml's ThreadPage");
  t.equal(data!.count, 10000);
  t.equal(data!.countExact, false);
  t.same(data!.rows.map((row) => row.externalId), [`${marker}-out-10001`, `${marker}-in-10000`, `${marker}-in-09999`], "newest first");
});

t.test("pages past the 10,000th match are still served", async (t) => {
  const { data } = await list({ search: marker, pageSize: 200, pageIndex: 50 });
  t.same(data!.rows.map((row) => row.externalId), [`${marker}-in-00001`], "the 10,001st match, the oldest");
  t.same([data!.count, data!.countExact], [10000, false]);
});

t.test("userSearch matching more than 10,000 threads stops at 10,000 too", async (t) => {
  const { data } = await list({ userSearch: userName, pageSize: 1 });
  t.same([data!.count, data!.countExact], [10000, false]);
  t.equal(data!.rows[0]!.id, first.id, "the user's newest thread first");
});

t.test("exactly 10,000 matches: count 10,000, countExact true", async (t) => {
  const { data } = await list({ search: `${marker}-in-`, pageSize: 1 });
  t.same([data!.count, data!.countExact], [10000, true]);
  t.equal(data!.rows[0]!.externalId, `${marker}-in-10000`);
});

t.test("small searches are exact", async (t) => {
  const one = await list({ search: `${marker}-in-00042` });
  t.same([one.data!.count, one.data!.countExact, one.data!.rows.map((row) => row.externalId)], [1, true, [`${marker}-in-00042`]]);
  const none = await list({ search: `${marker}-nowhere` });
  t.same([none.data!.count, none.data!.countExact, none.data!.rows], [0, true, []]);
  const narrowed = await list({ search: marker, before: "2024-01-01T00:00:06Z" });
  t.same([narrowed.data!.count, narrowed.data!.countExact], [5, true], "a search narrowed by another filter counts what both match");
});

t.test("without a search the count is exact whatever its size", async (t) => {
  const all = await list({ pageSize: 1 });
  t.same([all.data!.count, all.data!.countExact], [total, true]);
  const byUser = await list({ externalUserIds: [first.externalUser.externalId], pageSize: 1 });
  t.same([byUser.data!.count, byUser.data!.countExact], [total, true]);
  t.same(contractViolations("ThreadPage", all.data), []);
});

t.test("a thread's messages: countExact is always true", async (t) => {
  const { data, response } = await service.api(org.privateKey).GET("/api/external/threads/{threadId}/messages", { params: { path: { threadId: first.id } } });
  t.equal(response.status, 200);
  t.same([data!.count, data!.countExact], [1, true]);
  t.same(contractViolations("MessagePage", data), []);
});

// Last: it adds threads to the organization the tests above count.
t.test("a search within a project counts that project's threads only, capped the same", async (t) => {
  const other = await createProject(service.database.prisma, org.organizationId, uniqueId("other"));
  const elsewhere = [];
  for (const n of [1, 2, 3]) {
    elsewhere.push(await createThread({ projectId: other.id, externalId: `${marker}-elsewhere-${n}`, externalUser: { externalId: uniqueId("elsewhere") }, messages: [{ role: "user", content: "x" }] }));
  }
  const inOther = await list({ search: marker, projectId: other.id, pageSize: 2 });
  t.same([inOther.data!.count, inOther.data!.countExact], [3, true], "the other project's three, exact");
  t.same(inOther.data!.rows.map((row) => row.externalId), [`${marker}-elsewhere-3`, `${marker}-elsewhere-2`]);
  const inFirst = await list({ search: marker, projectId: org.projectId, pageSize: 2 });
  t.same([inFirst.data!.count, inFirst.data!.countExact], [10000, false], "10,001 in the first project: capped");
  t.same(inFirst.data!.rows.map((row) => row.externalId), [`${marker}-out-10001`, `${marker}-in-10000`], "newest first, none of the other project's newer threads");
  const narrowed = await list({ search: `${marker}-in-0000`, projectId: org.projectId, pageSize: 1 });
  t.same([narrowed.data!.count, narrowed.data!.countExact], [9, true]);
  const everywhere = await list({ search: marker, pageSize: 1 });
  t.same([everywhere.data!.count, everywhere.data!.countExact, everywhere.data!.rows[0]!.id], [10000, false, elsewhere[2]!.id]);
});
