import type { PoolOptions } from "./db/database.ts";
import { DEFAULT_FAILOVER_WAIT_MS } from "./db/retries.ts";
import { DEFAULT_TIMEOUTS, type HttpTimeouts } from "./http/timeouts.ts";
import { summarizerKind, type SummarizerConfig } from "./summarizer/configured.ts";

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** After SIGTERM or SIGINT, how long requests in flight may take before the process exits with 1. */
  shutdownTimeoutMs: number;
  pool: Required<Pick<PoolOptions, "max" | "connectionTimeoutMillis" | "statementTimeoutMillis" | "failoverWaitMillis">>;
  /** Requests a minute (0: no limit): with a public key per client address, with a private key per key, failed authentications per address. */
  rateLimit: { publicPerMinute: number; privatePerMinute: number; failedAuthPerMinute: number };
  /** Shares the rate limit counters between instances. */
  redisUrl?: string;
  summarizer: SummarizerConfig;
  /** Serves GET /metrics. */
  metricsEnabled: boolean;
  timeouts: HttpTimeouts;
  /** Origins the feedback operation answers cross-origin; empty: any. */
  corsOrigins: string[];
  /** Serves the browser console at /console. */
  consoleEnabled: boolean;
}

const MIB = 1024 * 1024;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer(env, "PORT", 3000),
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || "./data",
    logLevel: env.LOG_LEVEL || "info",
    bodyLimitBytes: integer(env, "BODY_LIMIT_BYTES", 5 * MIB),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 10_000),
    pool: {
      max: integer(env, "DB_POOL_MAX", 10),
      connectionTimeoutMillis: integer(env, "DB_CONNECT_TIMEOUT_MS", 5_000),
      statementTimeoutMillis: integer(env, "DB_STATEMENT_TIMEOUT_MS", 15_000),
      failoverWaitMillis: integer(env, "DB_FAILOVER_WAIT_MS", DEFAULT_FAILOVER_WAIT_MS),
    },
    rateLimit: {
      publicPerMinute: integer(env, "RATE_LIMIT_PUBLIC_PER_MINUTE", 600),
      privatePerMinute: integer(env, "RATE_LIMIT_PRIVATE_PER_MINUTE", 0),
      failedAuthPerMinute: integer(env, "RATE_LIMIT_FAILED_AUTH_PER_MINUTE", 60),
    },
    redisUrl: env.REDIS_URL || undefined,
    timeouts: {
      requestMs: integer(env, "REQUEST_TIMEOUT_MS", DEFAULT_TIMEOUTS.requestMs),
      headersMs: integer(env, "HEADERS_TIMEOUT_MS", DEFAULT_TIMEOUTS.headersMs),
      connectionMs: integer(env, "CONNECTION_TIMEOUT_MS", DEFAULT_TIMEOUTS.connectionMs),
      keepAliveMs: integer(env, "KEEP_ALIVE_TIMEOUT_MS", DEFAULT_TIMEOUTS.keepAliveMs),
    },
    metricsEnabled: env.METRICS_ENABLED !== "false" && env.METRICS_ENABLED !== "0",
    corsOrigins: (env.CORS_ORIGINS ?? "").split(",").map((origin) => origin.trim()).filter(Boolean),
    consoleEnabled: env.CONSOLE_ENABLED !== "false" && env.CONSOLE_ENABLED !== "0",
    summarizer: {
      kind: summarizerKind(env.SUMMARIZER),
      openai: {
        baseUrl: env.OPENAI_BASE_URL || "https://api.openai.com/v1",
        apiKey: env.OPENAI_API_KEY || undefined,
        model: env.SUMMARIZER_MODEL || "gpt-4o-mini",
        timeoutMs: integer(env, "SUMMARIZER_TIMEOUT_MS", 30_000),
        retries: integer(env, "SUMMARIZER_RETRIES", 2),
      },
    },
  };
}
