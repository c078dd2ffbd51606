import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Principal } from "../keys/keys.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The failed-authentication limit the key check consults; null when it is off. */
    failedAuthLimit: FailedAuthLimit | null;
  }
}

/** Requests a minute; 0 or absent turns a limit off. */
export interface RateLimitOptions {
  /** Requests with a public key, per organization and client address (every visitor of a widget shares one key). */
  publicPerMinute?: number;
  /** Requests with a private key, per key. */
  privatePerMinute?: number;
  /** Missing, unknown or revoked keys, per client address; a valid key is never refused by it. */
  failedAuthPerMinute?: number;
  /** With Redis the counters are shared by every instance using the same Redis and prefix. */
  redisUrl?: string;
  redisPrefix?: string;
}

/** What the key check asks of the failed-authentication limit. */
export interface FailedAuthLimit {
  /** Whether the client's address has used up its failures: its unknown keys then cost no lookup each. */
  isExhausted(request: FastifyRequest): Promise<boolean>;
  /** Counts a failure; throws the 429 when the address is over the limit. */
  countFailure(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

const MINUTE_MS = 60_000;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

function tooManyRequests(_request: FastifyRequest, context: { ttl: number }): Error {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return Object.assign(new Error(`Too many requests - retry after ${seconds} seconds`), { statusCode: 429 });
}

/**
 * Without Redis the counters are per process. A Redis that does not answer lets requests through
 * (the limit is protection, not a dependency), and commands fail at once instead of queueing.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Imported only with Redis: loading the client costs ~60 ms of CPU that every other start would pay.
  const { Redis: RedisClient } = await import("ioredis");
  const redis = new RedisClient(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: REDIS_CONNECT_TIMEOUT_MS });
  // ioredis reports every reconnection attempt; the log says when the state changes.
  let answering = true;
  redis.on("error", (error: Error) => {
    if (answering) app.log.warn({ err: error }, "rate limit store (Redis) does not answer; requests are not limited");
    answering = false;
  });
  redis.on("ready", () => {
    if (!answering) app.log.info("rate limit store (Redis) answers again");
    answering = true;
  });
  await redis.connect().catch(() => undefined);
  app.addHook("onClose", () => redis.disconnect());
  return redis;
}

function failedAuthLimit(app: FastifyInstance, perMinute: number): FailedAuthLimit {
  const limiter = app.createRateLimit({ max: perMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => `failed-auth:${request.ip}` });
  return {
    async isExhausted(request) {
      const counted = await limiter(request, { increment: false });
      return !counted.isAllowed && counted.remaining === 0;
    },
    async countFailure(request, reply) {
      const counted = await limiter(request);
      if (counted.isAllowed) return;
      const reset = counted.ttlInSeconds;
      reply.header("x-ratelimit-limit", counted.max).header("x-ratelimit-remaining", counted.remaining).header("x-ratelimit-reset", reset);
      if (!counted.isExceeded) return;
      reply.header("retry-after", Math.max(1, reset));
      throw tooManyRequests(request, counted);
    },
  };
}

/**
 * Counted per organization and client address (decisions.md): one organization's widget traffic never limits another's
 * from the same address, and one backend's calls never limit another's with the same organization's private key. Public
 * keys and feedback tokens, and private keys, have counters and limits of their own.
 */
function perKeyLimit(app: FastifyInstance, { publicPerMinute = 0, privatePerMinute = 0 }: RateLimitOptions): preParsingAsyncHookHandler | undefined {
  if (Math.max(publicPerMinute, privatePerMinute) <= 0) return undefined;
  const limitOf = (principal: Principal) => (principal.kind === "private" ? privatePerMinute : publicPerMinute);
  return app.rateLimit({
    max: (request) => limitOf(request.principal!),
    timeWindow: MINUTE_MS,
    allowList: (request) => !request.principal || limitOf(request.principal) <= 0,
    // Called before allowList, so also for requests without a principal (which allowList then lets through).
    keyGenerator: ({ principal, ip }) => `${principal?.kind === "private" ? "private" : "public"}:${principal?.organizationId}:${ip}`,
  }) as preParsingAsyncHookHandler;
}

/**
 * The rate limits of the context it is registered in (off unless given). The failed-authentication
 * limit is consulted by the key check (plugin authentication: before a lookup, and on each failure);
 * the per-key limits are a preParsing hook, so that they run after every onRequest hook, the key
 * check included, once the key's kind is known (from the key cache for most requests), and still
 * before the body is read.
 */
async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { publicPerMinute = 0, privatePerMinute = 0, failedAuthPerMinute = 0, redisUrl, redisPrefix = "rate-limit:" } = options;
  app.decorate("failedAuthLimit", null);
  if (Math.max(publicPerMinute, privatePerMinute, failedAuthPerMinute) <= 0) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: tooManyRequests,
    skipOnError: true,
    ...(redisUrl ? { redis: await connectRedis(app, redisUrl), nameSpace: redisPrefix } : {}),
  });
  const perKey = perKeyLimit(app, options);
  if (perKey) app.addHook("preParsing", perKey);
  if (failedAuthPerMinute > 0) app.failedAuthLimit = failedAuthLimit(app, failedAuthPerMinute);
}

export default fp(rateLimits, { name: "rate-limit" });
