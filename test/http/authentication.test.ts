import t from "tap";
import type { ServiceClient } from "../../client/src/index.ts";
import { createApiKey } from "../../src/keys/keys.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";

const service = await startService(t);
const { api, call, org } = service;
const { prisma } = service.database;

const privateOnly = [
  { method: "GET", url: "/api/external/projects" },
  { method: "PUT", url: "/api/external/users", payload: { externalId: "x" } },
  { method: "POST", url: "/api/external/threads", payload: { externalUser: { externalId: "x" } } },
] as const;

const privateOnlyThroughClient = [
  { name: "listProjects", send: (client: ServiceClient) => client.GET("/api/external/projects") },
  { name: "upsertUser", send: (client: ServiceClient) => client.PUT("/api/external/users", { body: { externalId: "x" } }) },
  { name: "createThread", send: (client: ServiceClient) => client.POST("/api/external/threads", { body: { externalUser: { externalId: "x" } } }) },
];

t.test("no key, an unknown key, a malformed header: 401 with the exact body", async (t) => {
  for (const request of privateOnly) {
    for (const headers of [{}, { "api-key": "sk_nope" }, { "api-key": "" }, { authorization: "Bearer " }, { authorization: `Basic ${org.privateKey}` }]) {
      const response = await call(null, { ...request, headers });
      t.equal(response.statusCode, 401, `${request.method} ${request.url} ${JSON.stringify(headers)}`);
      t.same(response.json(), UNAUTHORIZED);
    }
  }
});

t.test("a private key works in the api-key header and as a Bearer token", async (t) => {
  t.equal((await api(org.privateKey).GET("/api/external/projects")).response.status, 200, "api-key header, as the typed client sends it");
  const bearer = await call(null, { method: "GET", url: "/api/external/projects", headers: { authorization: `Bearer ${org.privateKey}` } });
  t.equal(bearer.statusCode, 200, "Bearer");
});

t.test("a key where the operation does not read one: the 401's string is the one of every 401, its details say where it reads it", async (t) => {
  const misplaced = { ...UNAUTHORIZED, details: "This operation reads the key from the api-key header or an Authorization: Bearer token" };
  for (const key of [org.privateKey, "sk_nope"]) {
    const response = await call(null, { method: "GET", url: `/api/external/projects?apiKey=${encodeURIComponent(key)}` });
    t.same([response.statusCode, response.json()], [401, misplaced], key === org.privateKey ? "a valid key" : "an unknown key");
  }
  const both = await call(null, { method: "GET", url: "/api/external/projects?apiKey=sk_nope", headers: { "api-key": org.privateKey } });
  t.equal(both.statusCode, 200, "a key in a place it reads is used");
  const wrongAndMisplaced = await call(null, { method: "GET", url: "/api/external/projects?apiKey=x", headers: { "api-key": "sk_nope" } });
  t.same(wrongAndMisplaced.json(), misplaced);
});

t.test("a public key is 403 on private-only operations", async (t) => {
  for (const { name, send } of privateOnlyThroughClient) {
    const response = await send(api(org.publicKey));
    t.equal(response.response.status, 403, name);
    t.same(response.error, FORBIDDEN);
  }
});

t.test("a revoked key is 401 from then on", async (t) => {
  const key = await createApiKey(prisma, org.organizationId, "private");
  const projects = () => api(key.key).GET("/api/external/projects");
  t.equal((await projects()).response.status, 200);
  t.ok(await service.app.services.keys.revoke(key.prefix));
  t.same((await projects()).error, UNAUTHORIZED);
  t.notOk(await service.app.services.keys.revoke(key.prefix), "revoking twice says there was nothing to revoke");
});

t.test("authentication comes before validation and body parsing", async (t) => {
  const invalid = await call(null, { method: "PUT", url: "/api/external/users", payload: { bogus: true } });
  t.equal(invalid.statusCode, 401);
  const notJson = await call(null, { method: "PUT", url: "/api/external/users", headers: { "content-type": "text/plain" }, payload: "x" });
  t.equal(notJson.statusCode, 401);
});

t.test("the database stores only a hash of each key", async (t) => {
  const keys = await prisma.apiKey.findMany({ where: { organizationId: org.organizationId } });
  t.ok(keys.length >= 2);
  for (const key of keys) {
    t.match(key.hash, /^[0-9a-f]{64}$/);
    t.not(key.hash, org.privateKey);
    t.match(key.prefix, /^(sk|pk)_.{8}$/, "a short display prefix, not the key");
  }
  t.ok(keys.some((key) => org.privateKey.startsWith(key.prefix)), "the organization's private key is listed by its prefix");
  t.equal(JSON.stringify(keys).includes(org.privateKey), false);
});

t.test("one organization's key never sees another's data", async (t) => {
  const other = await service.newOrganization();
  const mine = await api(org.privateKey).GET("/api/external/projects");
  const theirs = await api(other.privateKey).GET("/api/external/projects");
  t.same(mine.data!.map((p) => p.id), [org.projectId]);
  t.same(theirs.data!.map((p) => p.id), [other.projectId]);
  const externalId = uniqueId("user");
  await api(other.privateKey).PUT("/api/external/users", { body: { externalId, name: "theirs" } });
  const mineNow = await api(org.privateKey).PUT("/api/external/users", { body: { externalId } });
  t.equal(mineNow.response.status, 201, "their user does not exist for me");
  t.equal(mineNow.data!.name, null);
});
