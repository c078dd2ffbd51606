import t from "tap";
import { KEY_CACHE_TTL_MS, KeyCache } from "../../src/keys/keyCache.ts";
import { createApiKey, revokeApiKey } from "../../src/keys/keys.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { eventually, moveDateAhead } from "../helpers/wait.ts";

const principal = { organizationId: 1, kind: "private" as const, keyId: 7 };

t.test("KeyCache: entries expire after the TTL and are forgotten by prefix", async (t) => {
  const cache = new KeyCache();
  cache.set("hash-a", "sk_aaaaaaaa", principal, 1_000);
  cache.set("hash-b", "sk_bbbbbbbb", principal, 1_000);
  t.same(cache.get("hash-a", 1_000 + KEY_CACHE_TTL_MS - 1), principal);
  t.equal(cache.get("hash-a", 1_000 + KEY_CACHE_TTL_MS), undefined, "expired");
  cache.forget("sk_bbbbbbbb");
  t.equal(cache.get("hash-b", 1_001), undefined, "forgotten");
  t.equal(cache.get("unknown", 1_001), undefined);
});

t.test("KeyCache: bounded, the oldest entry goes first", async (t) => {
  const cache = new KeyCache();
  for (let i = 0; i <= 10_000; i++) cache.set(`hash-${i}`, `sk_${i}`, principal, 0);
  t.equal(cache.get("hash-0", 1), undefined);
  t.same(cache.get("hash-1", 1), principal);
  t.same(cache.get("hash-10000", 1), principal);
});

t.test("KeyCache: unknown keys are remembered for the TTL, at most 10,000 of them", async (t) => {
  const cache = new KeyCache();
  for (let i = 0; i <= 10_000; i++) cache.setInvalid(`bad-${i}`, 0);
  t.notOk(cache.isKnownInvalid("bad-0", 1), "the oldest went first");
  t.ok(cache.isKnownInvalid("bad-1", 1));
  t.ok(cache.isKnownInvalid("bad-10000", KEY_CACHE_TTL_MS - 1));
  t.notOk(cache.isKnownInvalid("bad-10000", KEY_CACHE_TTL_MS), "expired");
});

t.test("KeyCache: the active keys' hashes are loaded once per TTL, and again after a revocation", async (t) => {
  const cache = new KeyCache();
  let loads = 0;
  const load = async () => new Set([`hash-${++loads}`]);
  t.same(await cache.activeHashes(load, 0), new Set(["hash-1"]));
  t.same(await cache.activeHashes(load, KEY_CACHE_TTL_MS - 1), new Set(["hash-1"]));
  t.same(await cache.activeHashes(load, KEY_CACHE_TTL_MS), new Set(["hash-2"]));
  cache.forget("sk_whatever");
  t.same(await cache.activeHashes(load, KEY_CACHE_TTL_MS), new Set(["hash-3"]));
});

t.test("revocation: at once through this process, within the TTL from elsewhere", async (t) => {
  const service = await startService(t);
  const { prisma } = service.database;
  const userExternalId = uniqueId("user");
  await service.api(service.org.privateKey).POST("/api/external/threads", {
    body: { externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Hello?" }] },
  });
  const lookup = async (key: string) => (await service.api(key).GET("/api/external/memory", { params: { query: { userExternalId } } })).response;

  const here = await createApiKey(prisma, service.org.organizationId, "private");
  t.equal((await lookup(here.key)).status, 200);
  await service.app.services.keys.revoke(here.prefix);
  t.equal((await lookup(here.key)).status, 401, "revoked through this process's services: at once");

  const elsewhere = await createApiKey(prisma, service.org.organizationId, "private");
  t.equal((await lookup(elsewhere.key)).status, 200);
  // What the admin CLI or another instance does: the database changes, this process is not told.
  await prisma.apiKey.updateMany({ where: { prefix: elsewhere.prefix }, data: { revokedAt: new Date() } });
  t.equal((await lookup(elsewhere.key)).status, 200, "still trusted from the cache");
  moveDateAhead(t, KEY_CACHE_TTL_MS);
  t.equal((await lookup(elsewhere.key)).status, 401, `refused within ${KEY_CACHE_TTL_MS} ms`);
});

t.test("revocation by another process on PostgreSQL (the admin CLI's): refused as soon as it is notified, not after the TTL", { skip: process.env.DATABASE_URL ? false : "the embedded database's folder is locked to one process" }, async (t) => {
  const service = await startService(t);
  const { prisma } = service.database;
  await service.app.ready();
  const userExternalId = uniqueId("user");
  await service.api(service.org.privateKey).POST("/api/external/threads", {
    body: { externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Hello?" }] },
  });
  const lookup = async (key: string) => (await service.api(key).GET("/api/external/memory", { params: { query: { userExternalId } } })).response.status;
  const notified = await createApiKey(prisma, service.org.organizationId, "private");
  t.equal(await lookup(notified.key), 200);
  // The CLI's revocation: no cache of this process given, only the database's notification.
  t.ok(await revokeApiKey(prisma, notified.prefix));
  await eventually(async () => (await lookup(notified.key)) === 401, { timeoutMs: KEY_CACHE_TTL_MS - 2_000, what: "the revoked key refused" });
  t.pass("refused before the cache's TTL ran out");
});

t.test("KeyCache: forgetAll forgets every valid key (a revocation may have been missed)", async (t) => {
  const cache = new KeyCache();
  cache.set("hash-a", "sk_aaaaaaaa", principal, 0);
  cache.forgetAll();
  t.equal(cache.get("hash-a", 1), undefined);
});
