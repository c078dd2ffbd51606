import t from "tap";
import { revokeApiKey, createApiKey } from "../../src/keys/keys.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t);
const { app, org } = service;
const { prisma } = service.database;
const UNAUTHORIZED = { error: "Unauthorized - Invalid or missing API key" };
const FORBIDDEN = { error: "Forbidden - this operation requires a private API key" };

const privateOnly = [
  { method: "GET", url: "/api/external/projects" },
  { method: "PUT", url: "/api/external/users", payload: { externalId: "x" } },
  { method: "POST", url: "/api/external/threads", payload: { externalUser: { externalId: "x" } } },
] as const;

t.test("no key, an unknown key, a malformed header: 401 with the exact body", async (t) => {
  for (const request of privateOnly) {
    for (const headers of [{}, { "api-key": "sk_nope" }, { "api-key": "" }, { authorization: "Bearer " }, { authorization: `Basic ${org.privateKey}` }]) {
      const response = await app.inject({ ...request, headers });
      t.equal(response.statusCode, 401, `${request.method} ${request.url} ${JSON.stringify(headers)}`);
      t.same(response.json(), UNAUTHORIZED);
    }
  }
});

t.test("a private key works in the api-key header and as a Bearer token", async (t) => {
  for (const headers of [{ "api-key": org.privateKey }, { authorization: `Bearer ${org.privateKey}` }]) {
    const response = await app.inject({ method: "GET", url: "/api/external/projects", headers });
    t.equal(response.statusCode, 200);
  }
});

t.test("a public key is 403 on private-only operations", async (t) => {
  for (const request of privateOnly) {
    const response = await app.inject({ ...request, headers: { "api-key": org.publicKey } });
    t.equal(response.statusCode, 403, `${request.method} ${request.url}`);
    t.same(response.json(), FORBIDDEN);
  }
});

t.test("a revoked key is 401 from then on", async (t) => {
  const key = await createApiKey(prisma, org.organizationId, "private");
  const request = { method: "GET", url: "/api/external/projects", headers: { "api-key": key.key } } as const;
  t.equal((await app.inject(request)).statusCode, 200);
  t.ok(await revokeApiKey(prisma, key.prefix));
  t.same((await app.inject(request)).json(), UNAUTHORIZED);
  t.notOk(await revokeApiKey(prisma, key.prefix), "revoking twice says there was nothing to revoke");
});

t.test("authentication comes before validation and body parsing", async (t) => {
  const invalid = await app.inject({ method: "PUT", url: "/api/external/users", payload: { bogus: true } });
  t.equal(invalid.statusCode, 401);
  const notJson = await app.inject({ method: "PUT", url: "/api/external/users", headers: { "content-type": "text/plain" }, payload: "x" });
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
  const mine = await app.inject({ method: "GET", url: "/api/external/projects", headers: { "api-key": org.privateKey } });
  const theirs = await app.inject({ method: "GET", url: "/api/external/projects", headers: { "api-key": other.privateKey } });
  t.same(mine.json().map((p: { id: number }) => p.id), [org.projectId]);
  t.same(theirs.json().map((p: { id: number }) => p.id), [other.projectId]);
  const externalId = uniqueId("user");
  await app.inject({ method: "PUT", url: "/api/external/users", headers: { "api-key": other.privateKey }, payload: { externalId, name: "theirs" } });
  const mineNow = await app.inject({ method: "PUT", url: "/api/external/users", headers: { "api-key": org.privateKey }, payload: { externalId } });
  t.equal(mineNow.statusCode, 201, "their user does not exist for me");
  t.equal(mineNow.json().name, null);
});
