import t from "tap";
import { uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, startContractTarget, TOO_LARGE, UNAUTHORIZED } from "../helpers/contractTarget.ts";

const { service, client, clientForInvalidRequests } = await startContractTarget(t);
const { org } = service;
const { prisma } = service.database;
const api = client(org.privateKey);

t.test("upsertUser: 201 created, 200 updated, segments as objects with their type", async (t) => {
  const externalId = uniqueId("user");
  const created = await api.PUT("/api/external/users", { body: { externalId, name: "Ada", segments: { plan: "pro" } } });
  t.equal(created.response.status, 201);
  t.match(created.data, { externalId, name: "Ada", organizationId: org.organizationId, segments: [{ name: "pro", type: { name: "plan" } }] });

  const updated = await api.PUT("/api/external/users", { body: { externalId, email: "ada@example.com" } });
  t.equal(updated.response.status, 200);
  t.match(updated.data, { id: created.data!.id, name: "Ada", email: "ada@example.com" });
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 1);
});

t.test("upsertUser errors: 400, 401, 403, 413, 415", async (t) => {
  const invalid = clientForInvalidRequests(org.privateKey);
  const externalId = uniqueId("user");

  const tooLong = await invalid.PUT("/api/external/users", { body: { externalId: "x".repeat(256) } });
  t.equal(tooLong.response.status, 400);
  t.match(tooLong.error, { error: /externalId/ });

  const noKey = await clientForInvalidRequests().PUT("/api/external/users", { body: { externalId } });
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const unknownKey = await client("sk_unknown").PUT("/api/external/users", { body: { externalId } });
  t.equal(unknownKey.response.status, 401);
  t.same(unknownKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).PUT("/api/external/users", { body: { externalId } });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const large = await invalid.PUT("/api/external/users", { body: { externalId, name: oversized } });
  t.equal(large.response.status, 413);
  t.same(large.error, TOO_LARGE);

  const form = await invalid.PUT("/api/external/users", { body: { externalId }, ...notJson });
  t.equal(form.response.status, 415);
  t.same(form.error, NOT_JSON);

  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0, "no failed call wrote the user");
});

t.test("deleteUser: 204, then 404; 400, 401, 403", async (t) => {
  const externalId = uniqueId("user");
  await api.PUT("/api/external/users", { body: { externalId } });
  const params = { path: { externalId } };

  const publicKey = await client(org.publicKey).DELETE("/api/external/users/{externalId}", { params });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const noKey = await clientForInvalidRequests().DELETE("/api/external/users/{externalId}", { params });
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const tooLong = await clientForInvalidRequests(org.privateKey).DELETE("/api/external/users/{externalId}", { params: { path: { externalId: "x".repeat(256) } } });
  t.equal(tooLong.response.status, 400);
  t.match(tooLong.error, { error: /externalId/ });

  const deleted = await api.DELETE("/api/external/users/{externalId}", { params });
  t.equal(deleted.response.status, 204);
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);

  const again = await api.DELETE("/api/external/users/{externalId}", { params });
  t.equal(again.response.status, 404);
  t.same(again.error, { error: "User not found" });
});
