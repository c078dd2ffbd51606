import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { hashKey } from "../keys/keys.ts";
import { readKey } from "./authentication.ts";

export interface RateLimitOptions {
  /** Requests per key (or per IP without a key) per minute; 0 turns the limit off. */
  perMinute: number;
  /** With Redis the counters are shared by every instance using the same Redis and prefix. */
  redisUrl?: string;
  redisPrefix?: string;
}

const MINUTE_MS = 60_000;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/** Only operations that take a key are limited: probes, docs and unknown routes are not. */
function isExempt(request: FastifyRequest): boolean {
  return !request.routeOptions.config.operation?.keySources.length;
}

/** The presented key's hash (never the key itself), so that counters in Redis reveal no secret. */
function limitKey(request: FastifyRequest): string {
  const operation = request.routeOptions.config.operation;
  const key = operation ? readKey(request, operation.keySources) : undefined;
  return key ? `key:${hashKey(key)}` : `ip:${request.ip}`;
}

function tooManyRequests(_request: FastifyRequest, context: { ttl: number }): Error {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return Object.assign(new Error(`Too many requests - retry after ${seconds} seconds`), { statusCode: 429 });
}

/**
 * Without Redis the counters are per process. A Redis that does not answer lets requests through
 * (the limit is protection, not a dependency), and commands fail at once instead of queueing.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: REDIS_CONNECT_TIMEOUT_MS });
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

/**
 * Registers the limit as an app-wide onRequest hook: added before the key check, it answers 429
 * without a database lookup.
 */
export async function registerRateLimit(app: FastifyInstance, { perMinute, redisUrl, redisPrefix = "rate-limit:" }: RateLimitOptions): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: limitKey,
    allowList: isExempt,
    errorResponseBuilder: tooManyRequests,
    skipOnError: true,
    ...(redisUrl ? { redis: await connectRedis(app, redisUrl), nameSpace: redisPrefix } : {}),
  });
  app.addHook("onRequest", app.rateLimit());
}
