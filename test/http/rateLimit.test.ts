import { Redis } from "ioredis";
import t from "tap";
import { buildApp } from "../../src/app.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const TOO_MANY = /^Too many requests - retry after \d+ seconds$/;

const projects = { method: "GET" as const, url: "/api/external/projects" };

t.test("a key over its limit gets 429 with Retry-After, and the request writes nothing", async (t) => {
  const { api, org, database } = await startService(t, { rateLimit: { perMinute: 3 } });
  const client = api(org.privateKey);
  for (let i = 0; i < 3; i++) {
    const { response } = await client.GET("/api/external/projects");
    t.equal(response.status, 200);
    t.equal(response.headers.get("x-ratelimit-limit"), "3");
    t.equal(response.headers.get("x-ratelimit-remaining"), String(2 - i));
  }
  const externalId = uniqueId("limited");
  const limited = await client.PUT("/api/external/users", { body: { externalId } });
  t.equal(limited.response.status, 429);
  t.match(limited.error, { error: TOO_MANY });
  t.same(Object.keys(limited.error!), ["error"]);
  t.match(limited.response.headers.get("content-type"), /application\/json/);
  const retryAfter = Number(limited.response.headers.get("retry-after"));
  t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  t.equal(await database.prisma.externalUser.count({ where: { externalId } }), 0);
});

t.test("each key has its own limit; the same key by another header shares it", async (t) => {
  const { api, call, org, newOrganization } = await startService(t, { rateLimit: { perMinute: 2 } });
  const other = await newOrganization();
  const projectsOf = async (key: string) => (await api(key).GET("/api/external/projects")).response.status;
  t.equal(await projectsOf(org.privateKey), 200);
  // The typed client sends the key in the api-key header; this request sends it as a Bearer token instead.
  const bearer = await call(null, { ...projects, headers: { authorization: `Bearer ${org.privateKey}` } });
  t.equal(bearer.statusCode, 200);
  t.equal(await projectsOf(org.privateKey), 429);
  t.equal(await projectsOf(other.privateKey), 200);
  const feedback = await call(org.publicKey, { method: "POST", url: "/api/external/feedback", payload: {} });
  t.equal(feedback.statusCode, 400, "the public key is counted apart from the private one");
});

t.test("requests without a key are limited by IP; probes are never limited", async (t) => {
  const { api, call } = await startService(t, { rateLimit: { perMinute: 2 } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await call(null, projects)).statusCode);
  t.same(statuses, [401, 401, 429]);
  for (let i = 0; i < 4; i++) {
    t.equal((await api().GET("/health")).response.status, 200);
    t.equal((await api().GET("/ready")).response.status, 200);
  }
});

t.test("perMinute 0 means no limit (as does no rateLimit option, which every other test relies on)", async (t) => {
  const { api, org } = await startService(t, { rateLimit: { perMinute: 0 } });
  for (let i = 0; i < 5; i++) {
    const { response } = await api(org.privateKey).GET("/api/external/projects");
    t.equal(response.status, 200);
    t.notOk(response.headers.get("x-ratelimit-limit"));
  }
});

t.test("a Redis that does not answer lets requests through", async (t) => {
  const { api, org } = await startService(t, { rateLimit: { perMinute: 1, redisUrl: "redis://127.0.0.1:1" } });
  for (let i = 0; i < 3; i++) t.equal((await api(org.privateKey).GET("/api/external/projects")).response.status, 200);
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

t.test("with Redis, two instances share one limit per key", { skip: redis ? false : `Redis does not answer at ${REDIS_URL}` }, async (t) => {
  if (!redis) return;
  const redisPrefix = `${uniqueId("rate-limit-test")}:`;
  t.teardown(async () => {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  const rateLimit = { perMinute: 4, redisUrl: REDIS_URL, redisPrefix };
  const first = await startService(t, { rateLimit });
  // Two instances on one database: the second is built here, not by startService, so both are reached alike, in-process.
  const second = await buildApp({ database: first.database, rateLimit });
  t.teardown(() => second.close());

  const request = { ...projects, headers: { "api-key": first.org.privateKey } };
  const statuses = [];
  for (const app of [first.app, second, first.app, second, first.app, second]) statuses.push((await app.inject(request)).statusCode);
  t.same(statuses, [200, 200, 200, 200, 429, 429]);
  const stored = await redis.keys(`${redisPrefix}*`);
  t.equal(stored.length, 1, "one counter for the key");
  t.notMatch(stored[0], first.org.privateKey, "the counter is named by the key's hash");
});
