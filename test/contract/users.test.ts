import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, SMALL_BODY_LIMIT_BYTES, TOO_LARGE, UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call, database } = await startService(t, { bodyLimitBytes: SMALL_BODY_LIMIT_BYTES });
const { prisma } = database;
const client = api(org.privateKey);

t.test("upsertUser: 201 created, 200 updated, segments as objects with their type", async (t) => {
  const externalId = uniqueId("user");
  const created = await client.PUT("/api/external/users", { body: { externalId, name: "Ada", segments: { plan: "pro" } } });
  t.equal(created.response.status, 201);
  t.match(created.data, { externalId, name: "Ada", organizationId: org.organizationId, segments: [{ name: "pro", type: { name: "plan" } }] });

  const updated = await client.PUT("/api/external/users", { body: { externalId, email: "ada@example.com" } });
  t.equal(updated.response.status, 200);
  t.match(updated.data, { id: created.data!.id, name: "Ada", email: "ada@example.com" });
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 1);
});

t.test("upsertUser errors: 400, 401, 403, 413, 415", async (t) => {
  const externalId = uniqueId("user");
  const put = (key: string | null, request: object) => call(key, { method: "PUT", url: "/api/external/users", ...request });

  const tooLong = await put(org.privateKey, { payload: { externalId: "x".repeat(256) } });
  t.equal(tooLong.statusCode, 400);
  t.match(tooLong.json(), { error: /externalId/ });

  const noKey = await put(null, { payload: { externalId } });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const unknownKey = await api("sk_unknown").PUT("/api/external/users", { body: { externalId } });
  t.equal(unknownKey.response.status, 401);
  t.same(unknownKey.error, UNAUTHORIZED);

  const publicKey = await api(org.publicKey).PUT("/api/external/users", { body: { externalId } });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const large = await put(org.privateKey, { payload: { externalId, name: oversized } });
  t.equal(large.statusCode, 413);
  t.same(large.json(), TOO_LARGE);

  const form = await put(org.privateKey, notJson);
  t.equal(form.statusCode, 415);
  t.same(form.json(), NOT_JSON);

  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0, "no failed call wrote the user");
});

t.test("deleteUser: 204, then 404; 400, 401, 403", async (t) => {
  const externalId = uniqueId("user");
  await client.PUT("/api/external/users", { body: { externalId } });
  const params = { path: { externalId } };

  const publicKey = await api(org.publicKey).DELETE("/api/external/users/{externalId}", { params });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const noKey = await call(null, { method: "DELETE", url: `/api/external/users/${externalId}` });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const tooLong = await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${"x".repeat(256)}` });
  t.equal(tooLong.statusCode, 400);
  t.match(tooLong.json(), { error: /externalId/ });

  const deleted = await client.DELETE("/api/external/users/{externalId}", { params });
  t.equal(deleted.response.status, 204);
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);

  const again = await client.DELETE("/api/external/users/{externalId}", { params });
  t.equal(again.response.status, 404);
  t.same(again.error, { error: "User not found" });
});
