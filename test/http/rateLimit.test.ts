import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import t from "tap";
import { buildApp, type AppOptions } from "../../src/app.ts";
import { readConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import { checkAnswers, type ServiceTest, serviceClients, startService, type TestService, uniqueId } from "../helpers/app.ts";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const TOO_MANY = /^Too many requests - retry after \d+ seconds$/;

const projects = { method: "GET" as const, url: "/api/external/projects" };
/** A public-key operation; an empty body is a 400, answered after the key check and the limits. */
const feedback = { method: "POST" as const, url: "/api/external/feedback", payload: {} };
const randomKey = () => `sk_${randomBytes(24).toString("base64url")}`;

// Each test needs the service built with its own limits, and counters of its own: one app per test, all
// on this file's database (opening one costs more than building an app), each test with a new organization.
const shared = await startService(t);

async function startLimited(t: ServiceTest, options: Omit<AppOptions, "database"> = {}): Promise<TestService> {
  const app = await buildApp({ database: shared.database, onAnswer: checkAnswers(t), ...options });
  t.teardown(() => app.close());
  return { ...shared, app, org: await shared.newOrganization(), ...serviceClients(t, app) };
}

t.test("the settings: public 600, private unlimited, failed authentications 60 by default", async (t) => {
  t.same(readConfig({}).rateLimit, { publicPerMinute: 600, privatePerMinute: 0, failedAuthPerMinute: 60 });
  const env = { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", RATE_LIMIT_PRIVATE_PER_MINUTE: "120", RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "5" };
  t.same(readConfig(env).rateLimit, { publicPerMinute: 0, privatePerMinute: 120, failedAuthPerMinute: 5 });
  t.throws(() => readConfig({ RATE_LIMIT_PRIVATE_PER_MINUTE: "-1" }), /RATE_LIMIT_PRIVATE_PER_MINUTE must be a non-negative integer/);
});

t.test("a public key over its organization's limit at an address gets 429 with Retry-After, and the request writes nothing", async (t) => {
  const { api, call, app, org, newOrganization, database } = await startLimited(t, { rateLimit: { publicPerMinute: 3 } });
  const statuses = [];
  for (let i = 0; i < 3; i++) {
    const response = await call(org.publicKey, feedback);
    statuses.push(response.statusCode);
    t.equal(response.headers["x-ratelimit-limit"], "3");
  }
  t.same(statuses, [400, 400, 400]);
  const limited = await call(org.publicKey, feedback);
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { error: limited.json().error });
  t.match(limited.json().error, TOO_MANY);
  const retryAfter = Number(limited.headers["retry-after"]);
  t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  t.equal(limited.headers["x-ratelimit-remaining"], "0");

  const other = await newOrganization();
  const otherStatuses = [];
  for (let i = 0; i < 3; i++) otherStatuses.push((await call(other.publicKey, feedback)).statusCode);
  t.same(otherStatuses, [400, 400, 400], "another organization's widget at the same address has its own count");
  t.equal((await call(other.publicKey, feedback)).statusCode, 429, "and its own limit");

  const elsewhere = await app.inject({ ...feedback, remoteAddress: "10.1.2.3", headers: { "api-key": org.publicKey } });
  t.equal(elsewhere.statusCode, 400, "another address has its own count");

  const externalId = uniqueId("private");
  const privateCall = await api(org.privateKey).PUT("/api/external/users", { body: { externalId } });
  t.equal(privateCall.response.status, 201, "private keys are unlimited by default");
  t.equal(privateCall.response.headers.get("x-ratelimit-limit"), null, "and carry no rate-limit headers");
  t.equal(await database.prisma.externalUser.count({ where: { externalId } }), 1);
});

/** Headers a client could send to pose as another address, each with a new value per request. */
const SPOOFED_ADDRESS_HEADERS = (i: number): Record<string, string> => ({
  "x-forwarded-for": `203.0.113.${i}`,
  "x-real-ip": `203.0.113.${i}`,
  forwarded: `for=203.0.113.${i}`,
  "true-client-ip": `203.0.113.${i}`,
  "cf-connecting-ip": `203.0.113.${i}`,
});

t.test("by default the socket's address counts: no forwarding header gets around a limit", async (t) => {
  const { app, org } = await startLimited(t, { rateLimit: { publicPerMinute: 3, failedAuthPerMinute: 3 } });
  const send = (key: string, request: typeof feedback | typeof projects, i: number, header: string) =>
    app.inject({ ...request, remoteAddress: "10.7.0.1", headers: { "api-key": key, [header]: SPOOFED_ADDRESS_HEADERS(i)[header]! } });
  const statuses: number[] = [];
  const failures: number[] = [];
  const headers = Object.keys(SPOOFED_ADDRESS_HEADERS(0));
  for (let i = 0; i < 2 * headers.length; i++) {
    statuses.push((await send(org.publicKey, feedback, i, headers[i % headers.length]!)).statusCode);
    failures.push((await send(randomKey(), projects, i, headers[i % headers.length]!)).statusCode);
  }
  t.same(statuses, [400, 400, 400, ...Array(2 * headers.length - 3).fill(429)], "public key: one count for the socket's address");
  t.same(failures, [401, 401, 401, ...Array(2 * headers.length - 3).fill(429)], "failed authentications: one count for the socket's address");
  const all = await app.inject({ ...feedback, remoteAddress: "10.7.0.1", headers: { "api-key": org.publicKey, ...SPOOFED_ADDRESS_HEADERS(99) } });
  t.equal(all.statusCode, 429, "nor all of them at once");
});

t.test("TRUST_PROXY: the client address from X-Forwarded-For, only through the proxies it names", async (t) => {
  t.equal(readConfig({}).trustProxy, false, "off by default");
  t.same(
    ["true", "false", "2", "10.0.0.1", "10.0.0.0/8, 192.168.1.1,fd00::/8", "loopback"].map((raw) => readConfig({ TRUST_PROXY: raw }).trustProxy),
    [true, false, 2, ["10.0.0.1"], ["10.0.0.0/8", "192.168.1.1", "fd00::/8"], ["loopback"]],
  );
  for (const wrong of ["yes", "10.0.0.0/33", "10.0.0.300", "10.0.0.1/8/2", ",", "-1"]) {
    t.throws(() => readConfig({ TRUST_PROXY: wrong }), /TRUST_PROXY must be true, false, a hop count or comma-separated addresses or CIDR ranges/, wrong);
  }

  await t.test("addresses and CIDR ranges", async (t) => {
    const { app, org } = await startLimited(t, { trustProxy: ["10.0.0.0/8"], rateLimit: { publicPerMinute: 1 } });
    const send = (remoteAddress: string, forwardedFor: string) =>
      app.inject({ ...feedback, remoteAddress, headers: { "api-key": org.publicKey, "x-forwarded-for": forwardedFor } });
    t.equal((await send("10.0.0.5", "198.51.100.1")).statusCode, 400);
    t.equal((await send("10.0.0.6", "198.51.100.2")).statusCode, 400, "each visitor behind the trusted proxy has its own count");
    t.equal((await send("10.0.0.5", "198.51.100.1")).statusCode, 429, "the same visitor through another proxy: its count");
    t.equal((await send("10.0.0.5", "198.51.100.3, 198.51.100.1")).statusCode, 429, "an address the visitor prepends is not believed");
    t.equal((await send("192.0.2.9", "198.51.100.4")).statusCode, 400);
    t.equal((await send("192.0.2.9", "198.51.100.5")).statusCode, 429, "X-Forwarded-For from an untrusted peer is ignored");
  });

  await t.test("a hop count", async (t) => {
    const { app, org } = await startLimited(t, { trustProxy: 1, rateLimit: { publicPerMinute: 1 } });
    const send = (forwardedFor: string) => app.inject({ ...feedback, remoteAddress: "10.0.0.5", headers: { "api-key": org.publicKey, "x-forwarded-for": forwardedFor } });
    t.equal((await send("198.51.100.1")).statusCode, 400);
    t.equal((await send("198.51.100.2")).statusCode, 400, "the address the one proxy saw");
    t.equal((await send("203.0.113.7, 198.51.100.1")).statusCode, 429, "what the visitor wrote before the proxy's entry is not believed");
  });
});

t.test("private keys are unlimited by default, limited per key when configured", async (t) => {
  await t.test("default: unlimited", async (t) => {
    const { api, org } = await startLimited(t, { rateLimit: { publicPerMinute: 2, failedAuthPerMinute: 2 } });
    for (let i = 0; i < 6; i++) t.equal((await api(org.privateKey).GET("/api/external/projects")).response.status, 200);
  });
  await t.test("RATE_LIMIT_PRIVATE_PER_MINUTE: per organization and client address, whichever header carries the key", async (t) => {
    const { app, api, call, org, newOrganization, database } = await startLimited(t, { rateLimit: { privatePerMinute: 2 } });
    const other = await newOrganization();
    const first = await api(org.privateKey).GET("/api/external/projects");
    t.equal(first.response.status, 200);
    t.equal(first.response.headers.get("x-ratelimit-limit"), "2");
    t.equal(first.response.headers.get("x-ratelimit-remaining"), "1");
    t.equal((await call(null, { ...projects, headers: { authorization: `Bearer ${org.privateKey}` } })).statusCode, 200);
    const externalId = uniqueId("limited");
    const limited = await api(org.privateKey).PUT("/api/external/users", { body: { externalId } });
    t.equal(limited.response.status, 429);
    t.match(limited.error, { error: TOO_MANY });
    t.ok(Number(limited.response.headers.get("retry-after")) >= 1, "Retry-After");
    t.equal(await database.prisma.externalUser.count({ where: { externalId } }), 0, "nothing written");
    t.equal((await api(other.privateKey).GET("/api/external/projects")).response.status, 200, "another organization has its own count");
    t.equal((await app.inject({ ...projects, remoteAddress: "10.1.2.3", headers: { "api-key": org.privateKey } })).statusCode, 200, "another client address has its own count");
    t.equal((await call(org.publicKey, feedback)).statusCode, 400, "public keys are not limited here");
  });
});

/** The service on a database client that counts key lookups (one per query on the ApiKey table). */
async function withCountedKeyLookups(database: Database) {
  const counts = { lookups: 0 };
  const prisma = database.prisma.$extends({
    query: {
      apiKey: {
        async $allOperations({ args, query }) {
          counts.lookups++;
          return query(args);
        },
      },
    },
  }) as unknown as Database["prisma"];
  return { database: { ...database, prisma }, counts };
}

t.test("failed authentications: 60 per address, then 429 without a lookup per key; a valid key is still served", async (t) => {
  const [org, cold] = [await shared.newOrganization(), await shared.newOrganization()];
  const { database, counts } = await withCountedKeyLookups(shared.database);
  const app = await buildApp({ database, rateLimit: { failedAuthPerMinute: 60 }, onAnswer: checkAnswers(t) });
  t.teardown(() => app.close());
  const withKey = (key: string | null, remoteAddress = "10.0.0.1") =>
    app.inject({ ...projects, remoteAddress, headers: key ? { "api-key": key } : {} });

  t.equal((await withKey(org.privateKey)).statusCode, 200);
  counts.lookups = 0;
  const statuses: Record<number, number> = {};
  let retryAfter = "";
  for (let i = 0; i < 650; i++) {
    const response = await withKey(i === 0 ? null : randomKey());
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    if (response.statusCode === 429) retryAfter = response.headers["retry-after"] as string;
  }
  t.same(statuses, { 401: 60, 429: 590 }, "the 61st failure and later are refused");
  t.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
  t.ok(counts.lookups <= 62, `650 random keys cost ${counts.lookups} key lookups (59 unknown keys, then the active keys at once)`);
  t.comment(`key lookups for 650 random keys: ${counts.lookups}`);

  t.equal((await withKey(org.privateKey)).statusCode, 200, "a cached valid key from the same address is served");
  t.equal((await withKey(cold.privateKey)).statusCode, 200, "a valid key not used before is served");
  t.equal((await withKey(cold.publicKey)).statusCode, 403, "a public key where a private one is needed: still its 403");
  t.equal((await withKey(randomKey(), "10.0.0.2")).statusCode, 401, "another address has its own count");
});

t.test("an unknown key repeated costs one lookup, not one per request", async (t) => {
  const { database, counts } = await withCountedKeyLookups(shared.database);
  const app = await buildApp({ database, onAnswer: checkAnswers(t) });
  t.teardown(() => app.close());
  const key = randomKey();
  for (let i = 0; i < 20; i++) t.equal((await app.inject({ ...projects, headers: { "api-key": key } })).statusCode, 401);
  t.equal(counts.lookups, 1);
});

t.test("0 turns each limit off (as does no rateLimit option, which every other test relies on)", async (t) => {
  const { api, call, org } = await startLimited(t, { rateLimit: { publicPerMinute: 0, privatePerMinute: 0, failedAuthPerMinute: 0 } });
  for (let i = 0; i < 5; i++) {
    const { response } = await api(org.privateKey).GET("/api/external/projects");
    t.equal(response.status, 200);
    t.notOk(response.headers.get("x-ratelimit-limit"));
    t.equal((await call(org.publicKey, feedback)).statusCode, 400);
    t.equal((await call(randomKey(), projects)).statusCode, 401);
    t.equal((await call(null, projects)).statusCode, 401);
  }
});

t.test("probes are never limited", async (t) => {
  const { api } = await startLimited(t, { rateLimit: { publicPerMinute: 1, privatePerMinute: 1, failedAuthPerMinute: 1 } });
  for (let i = 0; i < 4; i++) {
    t.equal((await api().GET("/health")).response.status, 200);
    t.equal((await api().GET("/ready")).response.status, 200);
  }
});

t.test("a Redis that does not answer lets requests through", async (t) => {
  const { api, call, org } = await startLimited(t, { rateLimit: { privatePerMinute: 1, failedAuthPerMinute: 1, redisUrl: "redis://127.0.0.1:1" } });
  for (let i = 0; i < 3; i++) {
    t.equal((await api(org.privateKey).GET("/api/external/projects")).response.status, 200);
    t.equal((await call(randomKey(), projects)).statusCode, 401);
  }
});

async function redisAnswers(): Promise<Redis | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

const redis = await redisAnswers();

t.test("with Redis, two instances share the counters", { skip: redis ? false : `Redis does not answer at ${REDIS_URL}` }, async (t) => {
  if (!redis) return;
  const redisPrefix = `${uniqueId("rate-limit-test")}:`;
  t.teardown(async () => {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  const rateLimit = { privatePerMinute: 4, failedAuthPerMinute: 2, redisUrl: REDIS_URL, redisPrefix };
  const first = await startLimited(t, { rateLimit });
  // Two instances on one database: the second is built here, not by startLimited, so both are reached alike, in-process.
  const second = await buildApp({ database: first.database, rateLimit, onAnswer: checkAnswers(t) });
  t.teardown(() => second.close());

  const request = { ...projects, headers: { "api-key": first.org.privateKey } };
  const statuses = [];
  for (const app of [first.app, second, first.app, second, first.app, second]) statuses.push((await app.inject(request)).statusCode);
  t.same(statuses, [200, 200, 200, 200, 429, 429]);
  const failures = [];
  for (const app of [first.app, second, first.app]) failures.push((await app.inject({ ...projects, headers: { "api-key": randomKey() } })).statusCode);
  t.same(failures, [401, 401, 429]);
  const stored = await redis.keys(`${redisPrefix}*`);
  t.equal(stored.length, 2, "one counter for the key, one for the address's failures");
  for (const name of stored) t.notMatch(name, first.org.privateKey, "no key in Redis");
});
