import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { listing } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { ids, createThread, setCreatedAt } = listing(service);

// Seven threads a day apart, created newest first so that id order is the reverse of date order,
// then three sharing one createdAt: among those, the higher id comes first.
const user = { externalId: uniqueId("user") };
const dated: number[] = [];
for (let day = 7; day >= 1; day -= 1) {
  const created = await createThread({ externalUser: user, messages: [{ role: "user", content: `day ${day}` }] });
  await setCreatedAt(created.id, `2024-03-0${day}T12:00:00.000Z`);
  dated.push(created.id);
}
const tied: number[] = [];
for (let i = 0; i < 3; i += 1) {
  const created = await createThread({ externalUser: user });
  await setCreatedAt(created.id, "2024-03-08T00:00:00.000Z");
  tied.push(created.id);
}
const newestFirst = [...tied.reverse(), ...dated];

t.test("newest first; equal createdAt ordered by id, highest first", async (t) => {
  t.same(await ids(), { count: 10, ids: newestFirst });
});

t.test("pageSize and pageIndex cut the same order into pages; count ignores paging", async (t) => {
  t.same(await ids({ pageSize: 1 }), { count: 10, ids: newestFirst.slice(0, 1) });
  t.same(await ids({ pageSize: 1, pageIndex: 9 }), { count: 10, ids: newestFirst.slice(9, 10) });
  t.same(await ids({ pageSize: 3, pageIndex: 0 }), { count: 10, ids: newestFirst.slice(0, 3) });
  t.same(await ids({ pageSize: 3, pageIndex: 1 }), { count: 10, ids: newestFirst.slice(3, 6) }, "page 1 splits the ties' neighbours correctly");
  t.same(await ids({ pageSize: 3, pageIndex: 3 }), { count: 10, ids: newestFirst.slice(9) }, "a partial last page");
  t.same(await ids({ pageSize: 2, pageIndex: 1 }), { count: 10, ids: newestFirst.slice(2, 4) }, "inside the tie");
  t.same(await ids({ pageSize: 200 }), { count: 10, ids: newestFirst });
});

t.test("pages beyond the end are empty but still count", async (t) => {
  t.same(await ids({ pageSize: 3, pageIndex: 4 }), { count: 10, ids: [] });
  t.same(await ids({ pageSize: 200, pageIndex: 1_000_000 }), { count: 10, ids: [] });
  t.same(await ids({ pageSize: 5, pageIndex: 2, ids: dated.slice(0, 2) }), { count: 2, ids: [] });
});

t.test("paging applies after the filters", async (t) => {
  const page = await ids({ before: "2024-03-06T00:00:00Z", pageSize: 2, pageIndex: 1 });
  t.same(page, { count: 5, ids: dated.slice(4, 6) });
});

t.test("pageSize defaults to 50 and pageIndex to 0", async (t) => {
  const other = await service.newOrganization();
  const { prisma } = service.database;
  const [owner] = await prisma.$queryRaw<{ id: number }[]>`
    INSERT INTO "ExternalUser" ("organizationId", "externalId") VALUES (${other.organizationId}, ${uniqueId("bulk")})
    RETURNING "id"`;
  await prisma.$executeRaw`
    INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "createdAt")
    SELECT ${other.organizationId}, ${other.projectId}, ${owner!.id}, TIMESTAMP '2024-01-01' + g * INTERVAL '1 minute'
    FROM generate_series(1, 60) AS g`;
  const all = await ids({ pageSize: 200 }, other.privateKey);
  t.equal(all.count, 60);
  t.same(await ids({}, other.privateKey), { count: 60, ids: all.ids.slice(0, 50) });
  t.same(await ids({ pageIndex: 1 }, other.privateKey), { count: 60, ids: all.ids.slice(50) });
});
