import t from "tap";
import type { components } from "../../client/src/index.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";

const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;

const putUser = (body: components["schemas"]["ExternalUserInput"], key = org.privateKey) => api(key).PUT("/api/external/users", { body });
const segmentsByType = (user: components["schemas"]["ExternalUser"]) => user.segments.map((s) => [s.type.name, s.name]).sort();

t.test("creates a user (201) and updates it (200) keyed by externalId", async (t) => {
  const externalId = uniqueId("user");
  const created = await putUser({ externalId, name: "Ada", email: "ada@example.com" });
  t.equal(created.response.status, 201);
  const user = created.data!;
  t.match(user, { externalId, name: "Ada", email: "ada@example.com", username: null, organizationId: org.organizationId, segments: [] });
  t.type(user.id, "number");
  t.ok(Date.parse(user.createdAt) && Date.parse(user.updatedAt));

  const updated = await putUser({ externalId, username: "ada" });
  t.equal(updated.response.status, 200);
  t.match(updated.data, { id: user.id, name: "Ada", email: "ada@example.com", username: "ada" }, "absent fields keep their value");

  const stored = await prisma.externalUser.findMany({ where: { organizationId: org.organizationId, externalId } });
  t.equal(stored.length, 1);
  t.match(stored[0], { name: "Ada", email: "ada@example.com", username: "ada" });
});

t.test("a segment type's name is 1-255 characters like the segment's: 400 naming the field, nothing created", async (t) => {
  const externalId = uniqueId("user");
  for (const [typeName, rule] of [["t".repeat(256), "must NOT have more than 255 characters"], ["", "must NOT have fewer than 1 characters"]] as const) {
    const response = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId, segments: { [typeName]: "pro" } } });
    t.equal(response.statusCode, 400);
    t.match(response.json().error, new RegExp(`^Invalid field 'segments': its key '.*' ${rule}$`));
  }
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } }), 0);
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: { in: ["", "t".repeat(256)] } } }), 0);
  t.equal((await putUser({ externalId, segments: { ["t".repeat(255)]: "pro" } })).response.status, 201, "255 is allowed");
});

t.test("segments: created on first use, one per type, replaced per type, others kept", async (t) => {
  const externalId = uniqueId("user");
  const first = (await putUser({ externalId, segments: { plan: "pro", region: "eu" } })).data!;
  t.same(segmentsByType(first), [["plan", "pro"], ["region", "eu"]]);
  for (const segment of first.segments) {
    t.match(segment, { organizationId: org.organizationId, userSegmentTypeId: segment.type.id, type: { organizationId: org.organizationId } });
  }

  const second = (await putUser({ externalId, segments: { plan: "free" } })).data!;
  t.same(segmentsByType(second), [["plan", "free"], ["region", "eu"]]);

  const unchanged = (await putUser({ externalId, segments: null })).data!;
  t.same(unchanged.segments, second.segments, "null segments change nothing");
  const alsoUnchanged = (await putUser({ externalId })).data!;
  t.same(alsoUnchanged.segments, second.segments, "absent segments change nothing");

  const other = (await putUser({ externalId: uniqueId("user"), segments: { plan: "free" } })).data!;
  t.equal(other.segments[0]!.id, second.segments.find((s) => s.name === "free")!.id, "segments are shared by the organization");

  const links = await prisma.userSegment.count({ where: { organizationId: org.organizationId, externalUserId: first.id } });
  t.equal(links, 2);
});

t.test("20 concurrent upserts of one user: one row, exactly one 201, no 500", async (t) => {
  const externalId = uniqueId("user");
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => putUser({ externalId, name: `name-${i}`, segments: { plan: `p${i % 3}`, tier: "x" } })),
  );
  const statuses = responses.map((r) => r.response.status);
  t.equal(statuses.filter((s) => s === 201).length, 1, "one 201");
  t.equal(statuses.filter((s) => s === 200).length, 19, "the rest 200");
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } }), 1);
  const user = await prisma.externalUser.findFirstOrThrow({ where: { organizationId: org.organizationId, externalId } });
  t.equal(await prisma.userSegment.count({ where: { externalUserId: user.id } }), 2, "one segment per type");
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: "tier" } }), 1);
});

t.test("the same externalId in two organizations is two users", async (t) => {
  const other = await service.newOrganization();
  const externalId = uniqueId("user");
  const mine = await putUser({ externalId, name: "mine" });
  const theirs = await putUser({ externalId, name: "theirs" }, other.privateKey);
  t.equal(mine.response.status, 201);
  t.equal(theirs.response.status, 201);
  t.not(mine.data!.id, theirs.data!.id);
  t.equal(theirs.data!.organizationId, other.organizationId);
  t.equal((await putUser({ externalId })).data!.name, "mine");
});

t.test("bad input is a 400 naming the field, and writes nothing", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ["missing externalId", { name: "x" }, /externalId/],
    ["empty externalId", { externalId: "" }, /externalId/],
    ["externalId of 256 characters", { externalId: "x".repeat(256) }, /externalId/],
    ["numeric externalId", { externalId: 5 }, /externalId/],
    ["numeric name", { externalId: uniqueId("u"), name: 5 }, /name/],
    ["null externalId (required; an optional field sent as null is absent, see nullFields.test.ts)", { externalId: null }, /externalId/],
    ["segments as an array", { externalId: uniqueId("u"), segments: ["a"] }, /segments/],
    ["segment value a number", { externalId: uniqueId("u"), segments: { plan: 1 } }, /segments\.plan/],
    ["empty segment name", { externalId: uniqueId("u"), segments: { plan: "" } }, /segments\.plan/],
    ["unknown field", { externalId: uniqueId("u"), bogus: 1 }, /bogus/],
    ["array body", [], /body/],
  ];
  for (const [name, body, field] of cases) {
    const response = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: body as object });
    t.equal(response.statusCode, 400, name);
    t.match(response.json().error, field, name);
  }
  const empty = await call(org.privateKey, { method: "PUT", url: "/api/external/users" });
  t.equal(empty.statusCode, 400, "no body");
  t.match(empty.json(), { error: String });
  const count = await prisma.externalUser.count({ where: { organizationId: org.organizationId, name: "x" } });
  t.equal(count, 0);
});

t.test("keys: none or unknown is 401, a public key is 403", async (t) => {
  const body = { externalId: uniqueId("user") };
  t.same((await call(null, { method: "PUT", url: "/api/external/users", payload: body })).json(), UNAUTHORIZED);
  t.equal((await putUser(body, "sk_unknown")).response.status, 401);
  const forbidden = await putUser(body, org.publicKey);
  t.equal(forbidden.response.status, 403);
  t.same(forbidden.error, FORBIDDEN);
  t.equal(await prisma.externalUser.count({ where: { externalId: body.externalId } }), 0);
});
