import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// Every per-organization cap holds under concurrency: 30 parallel creations 5 short of the limit
// leave the organization exactly at it, the others refused with a 400 naming the limit, having written nothing.
const service = await startService(t);
const { call } = service;
const { prisma } = service.database;

const PARALLEL = 30;
const statusesOf = (responses: { statusCode: number }[]) => responses.map(({ statusCode }) => statusCode).sort();
const fiveCreatedTheRestRefused = [...Array<number>(5).fill(201), ...Array<number>(PARALLEL - 5).fill(400)];

t.test("segment types: 1,000 per organization", async (t) => {
  const org = await service.newOrganization();
  const where = { organizationId: org.organizationId };
  await prisma.segmentType.createMany({ data: Array.from({ length: 995 }, (_, i) => ({ ...where, name: `type-${i}` })) });
  const users = Array.from({ length: PARALLEL }, (_, i) => ({ externalId: uniqueId("user"), segments: { [`new-type-${i}`]: "s", "type-0": "known" } }));
  const responses = await Promise.all(users.map((user) => call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: user })));
  t.same(statusesOf(responses), fiveCreatedTheRestRefused);
  for (const response of responses.filter(({ statusCode }) => statusCode === 400)) {
    t.same(response.json(), { error: "Invalid field 'segments': an organization has at most 1000 segment types" });
  }
  t.equal(await prisma.segmentType.count({ where }), 1000);
  t.equal(await prisma.externalUser.count({ where }), 5, "the refused calls created no user");
  t.equal(await prisma.segment.count({ where }), 6, "nor a segment (the five new types' and type-0's \"known\")");

  const known = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: uniqueId("user"), segments: { "type-1": "s" } } });
  t.equal(known.statusCode, 201, "at the limit, the existing types still take new users and segments");
});

t.test("segments: 100,000 per organization, through PUT /users and Create Thread alike", async (t) => {
  const org = await service.newOrganization();
  const where = { organizationId: org.organizationId };
  const type = await prisma.segmentType.create({ data: { ...where, name: "email" } });
  await prisma.$executeRaw`
    INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
    SELECT ${org.organizationId}, ${type.id}, 'bulk-' || i FROM generate_series(1, 99995) AS i`;
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => {
      const externalUser = { externalId: uniqueId("user"), segments: { email: `new-${i}@example.com` } };
      return i % 2
        ? call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: externalUser })
        : call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalUser, messages: [{ role: "user", content: "hi" }] } });
    }),
  );
  t.same(statusesOf(responses), fiveCreatedTheRestRefused);
  responses.forEach((response, i) => {
    // Each names where its request holds the segments: PUT /users' segments, Create Thread's externalUser.segments.
    if (response.statusCode === 400) t.same(response.json(), { error: `Invalid field '${i % 2 ? "segments" : "externalUser.segments"}': an organization has at most 100000 segments` });
  });
  t.equal(await prisma.segment.count({ where }), 100_000);
  t.equal(await prisma.externalUser.count({ where }), 5, "the refused calls created no user");
  t.equal(await prisma.thread.count({ where }), responses.filter(({ statusCode }, i) => statusCode === 201 && i % 2 === 0).length, "nor a thread");

  const existing = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: uniqueId("user"), segments: { email: "bulk-7" } } });
  t.equal(existing.statusCode, 201, "at the limit, an existing segment is still given");

  const holder = await prisma.externalUser.findFirstOrThrow({ where: { ...where, segments: { some: { segment: { name: { startsWith: "new-" } } } } } });
  t.equal((await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${holder.externalId}` })).statusCode, 204);
  t.equal(await prisma.segment.count({ where }), 99_999, "deleting the only holder of a segment deletes it");
  const room = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId: uniqueId("user"), segments: { email: "one-more" } } });
  t.equal(room.statusCode, 201, "and makes room for another");
  t.same(
    await prisma.organizationCount.findMany({ where, orderBy: { kind: "asc" }, select: { kind: true, count: true } }),
    [{ kind: "segmentTypes", count: 1 }, { kind: "segments", count: 100_000 }],
    "the kept counts are the stored rows",
  );
});

t.test("attributes: 1,000 per organization (30 concurrent PUT /attributes at 995 leave 1,000)", async (t) => {
  const org = await service.newOrganization();
  const where = { organizationId: org.organizationId };
  await prisma.attribute.createMany({ data: Array.from({ length: 995 }, (_, i) => ({ ...where, projectId: org.projectId, name: `attribute-${i}` })) });
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => call(org.privateKey, { method: "PUT", url: "/api/external/attributes", payload: { name: `new-${i}`, options: ["a"] } })),
  );
  t.same(statusesOf(responses), fiveCreatedTheRestRefused);
  for (const response of responses.filter(({ statusCode }) => statusCode === 400)) {
    t.same(response.json(), { error: "Invalid field 'name': an organization has at most 1000 attributes" });
  }
  t.equal(await prisma.attribute.count({ where }), 1000);
  t.equal(await prisma.attributeOption.count({ where }), 5, "the refused calls added no option");
});

t.test("projects: 1,000 per organization", async (t) => {
  const org = await service.newOrganization();
  const where = { organizationId: org.organizationId };
  await prisma.project.createMany({ data: Array.from({ length: 994 }, (_, i) => ({ ...where, name: `project-${i}` })) });
  const outcomes = await Promise.allSettled(Array.from({ length: PARALLEL }, (_, i) => createProject(prisma, org.organizationId, `new-${i}`)));
  t.equal(outcomes.filter(({ status }) => status === "fulfilled").length, 5);
  for (const outcome of outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected")) {
    t.match(outcome.reason, { statusCode: 400, message: "an organization has at most 1000 projects" });
  }
  t.equal(await prisma.project.count({ where }), 1000);
});

t.test("intents: 100,000 per organization, in all its projects, through Create Thread", async (t) => {
  const org = await service.newOrganization();
  const where = { organizationId: org.organizationId };
  await prisma.$executeRaw`
    INSERT INTO "Intent" ("organizationId", "projectId", "name")
    SELECT ${org.organizationId}, ${org.projectId}, 'bulk-' || i FROM generate_series(1, 99995) AS i`;
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      call(org.privateKey, {
        method: "POST",
        url: "/api/external/threads",
        payload: { externalId: uniqueId("t"), externalUser: { externalId: uniqueId("user") }, intents: ["bulk-1", `new-${i}`], messages: [{ role: "user", content: "hi" }] },
      }),
    ),
  );
  t.same(statusesOf(responses), fiveCreatedTheRestRefused);
  for (const response of responses.filter(({ statusCode }) => statusCode === 400)) {
    t.same(response.json(), { error: "Invalid field 'intents': an organization has at most 100000 intents" });
  }
  t.equal(await prisma.intent.count({ where }), 100_000);
  t.equal(await prisma.thread.count({ where }), 5, "the refused calls created no thread");
  const known = await call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: { externalId: uniqueId("t"), externalUser: { externalId: uniqueId("user") }, intents: ["bulk-2"], messages: [{ role: "user", content: "hi" }] },
  });
  t.equal(known.statusCode, 201, "at the limit, known intents still tag new threads");
});
