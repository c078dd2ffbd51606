/**
 * Every environment variable the service reads, with its default and its check: the one place where
 * either is written. The README's configuration tables are checked against this schema by
 * test/config.test.ts. This module imports nothing of the service, so that any layer may read it.
 */

import { isIP } from "node:net";

/** How one variable is read: its default as the environment would spell it (undefined: none) and its check. */
interface Variable<T> {
  default: string | undefined;
  read(raw: string, name: string): T;
}

function integer(fallback: string): Variable<number> {
  return {
    default: fallback,
    read(raw, name) {
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
      return value;
    },
  };
}

function text(fallback: string): Variable<string>;
function text(fallback: undefined): Variable<string | undefined>;
function text(fallback: string | undefined): Variable<string | undefined> {
  return { default: fallback, read: (raw) => raw };
}

function oneOf<const Values extends readonly string[]>(values: Values, fallback: Values[number]): Variable<Values[number]> {
  return {
    default: fallback,
    read(raw, name) {
      if (!values.includes(raw)) throw new Error(`${name} must be one of ${values.join(", ")}, got '${raw}'`);
      return raw as Values[number];
    },
  };
}

/** On unless set to `false` or `0`. */
const switchedOn: Variable<boolean> = { default: "true", read: (raw) => raw !== "false" && raw !== "0" };

/** Off unless set to `true` or `1`. */
const switchedOff: Variable<boolean> = { default: "false", read: (raw) => raw === "true" || raw === "1" };

/** Comma-separated, blanks ignored; unset: an empty list. */
const list: Variable<string[]> = {
  default: "",
  read: (raw) =>
    raw
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
};

/** Which proxies' X-Forwarded-For to believe: none, all, the nearest N hops, or these addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for the private ranges, accepted by Fastify's trustProxy besides addresses and CIDRs. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const trustProxy: Variable<TrustProxy> = {
  default: "false",
  read(raw, name) {
    if (raw === "false" || raw === "true") return raw === "true";
    if (/^\d+$/.test(raw)) return Number(raw);
    const items = list.read(raw, name);
    const wrong = items.find((item) => !isAddressOrRange(item));
    if (wrong !== undefined || items.length === 0) {
      throw new Error(`${name} must be true, false, a hop count or comma-separated addresses or CIDR ranges, got '${wrong ?? raw}'`);
    }
    return items;
  },
};

export const ENVIRONMENT = {
  PORT: integer("3000"),
  HOST: text("127.0.0.1"),
  DATABASE_URL: text(undefined),
  DATA_DIR: text("./data"),
  LOG_LEVEL: text("info"),
  BODY_LIMIT_BYTES: integer("5242880"),
  RATE_LIMIT_PUBLIC_PER_MINUTE: integer("600"),
  RATE_LIMIT_PRIVATE_PER_MINUTE: integer("0"),
  RATE_LIMIT_FAILED_AUTH_PER_MINUTE: integer("60"),
  TRUST_PROXY: trustProxy,
  REDIS_URL: text(undefined),
  REQUEST_TIMEOUT_MS: integer("30000"),
  HEADERS_TIMEOUT_MS: integer("10000"),
  CONNECTION_TIMEOUT_MS: integer("60000"),
  KEEP_ALIVE_TIMEOUT_MS: integer("72000"),
  SHUTDOWN_TIMEOUT_MS: integer("10000"),
  DB_POOL_MAX: integer("10"),
  DB_CONNECT_TIMEOUT_MS: integer("5000"),
  DB_STATEMENT_TIMEOUT_MS: integer("15000"),
  DB_FAILOVER_WAIT_MS: integer("4000"),
  METRICS_ENABLED: switchedOn,
  CONSOLE_ENABLED: switchedOn,
  CORS_ORIGINS: list,
  SUMMARIZER: oneOf(["builtin", "openai"], "builtin"),
  OPENAI_BASE_URL: text("https://api.openai.com/v1"),
  OPENAI_API_KEY: text(undefined),
  SUMMARIZER_MODEL: text("gpt-4o-mini"),
  SUMMARIZER_TIMEOUT_MS: integer("30000"),
  SUMMARIZER_RETRIES: integer("2"),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: switchedOff,
  WEBHOOK_RETRY_BASE_MS: integer("5000"),
  WEBHOOK_MAX_AGE_HOURS: integer("24"),
  ALERT_INTERVAL_SECONDS: integer("60"),
} satisfies Record<string, Variable<unknown>>;

type Environment = typeof ENVIRONMENT;
type Values = { [Name in keyof Environment]: ReturnType<Environment[Name]["read"]> };

/** An empty value counts as unset. */
function readEnvironment(env: NodeJS.ProcessEnv): Values {
  const values: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(ENVIRONMENT) as [string, Variable<unknown>][]) {
    const raw = env[name] === "" ? undefined : env[name];
    const given = raw ?? variable.default;
    values[name] = given === undefined ? undefined : variable.read(given, name);
  }
  return values as Values;
}

export interface HttpTimeouts {
  /** The whole request, headers and body, must have arrived within this (a slow sender gets a 408). */
  requestMs: number;
  /** The request line and headers must have arrived within this (at most requestMs). */
  headersMs: number;
  /** A connection with no traffic at all for this long is closed. */
  connectionMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** After SIGTERM or SIGINT, how long requests in flight may take before the process exits with 1. */
  shutdownTimeoutMs: number;
  /** failoverWaitMillis: how long a transaction or statement rides out a failover or restart of PostgreSQL (src/db/retries.ts). */
  pool: { max: number; connectionTimeoutMillis: number; statementTimeoutMillis: number; failoverWaitMillis: number };
  /** Requests a minute (0: no limit): with a public key per client address, with a private key per key, failed authentications per address. */
  rateLimit: { publicPerMinute: number; privatePerMinute: number; failedAuthPerMinute: number };
  /** Shares the rate limit counters between instances. */
  redisUrl?: string;
  /** The client address is X-Forwarded-For's only through these proxies; false: the socket's address. */
  trustProxy: TrustProxy;
  summarizer: {
    kind: Environment["SUMMARIZER"] extends Variable<infer Kind> ? Kind : never;
    openai: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number; retries: number };
  };
  /** Serves GET /metrics. */
  metricsEnabled: boolean;
  timeouts: HttpTimeouts;
  /** Origins the feedback operation answers cross-origin; empty: any. */
  corsOrigins: string[];
  /** Serves the browser console at /console. */
  consoleEnabled: boolean;
  webhooks: WebhookSettings;
  /** How often the feedback alerts are evaluated (by one instance at a time). */
  alertIntervalSeconds: number;
}

export interface WebhookSettings {
  /** Development and tests: http and private addresses allowed (never the cloud metadata addresses). */
  allowPrivateNetworks: boolean;
  /** The first retry's delay; each next one doubles it (with jitter). */
  retryBaseMs: number;
  /** A delivery not delivered this long after its event is given up (failed). */
  maxAgeHours: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = readEnvironment(env);
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    logLevel: values.LOG_LEVEL,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    pool: {
      max: values.DB_POOL_MAX,
      connectionTimeoutMillis: values.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMillis: values.DB_STATEMENT_TIMEOUT_MS,
      failoverWaitMillis: values.DB_FAILOVER_WAIT_MS,
    },
    rateLimit: {
      publicPerMinute: values.RATE_LIMIT_PUBLIC_PER_MINUTE,
      privatePerMinute: values.RATE_LIMIT_PRIVATE_PER_MINUTE,
      failedAuthPerMinute: values.RATE_LIMIT_FAILED_AUTH_PER_MINUTE,
    },
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY,
    timeouts: {
      requestMs: values.REQUEST_TIMEOUT_MS,
      headersMs: values.HEADERS_TIMEOUT_MS,
      connectionMs: values.CONNECTION_TIMEOUT_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
    },
    metricsEnabled: values.METRICS_ENABLED,
    corsOrigins: values.CORS_ORIGINS,
    consoleEnabled: values.CONSOLE_ENABLED,
    webhooks: {
      allowPrivateNetworks: values.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
      maxAgeHours: values.WEBHOOK_MAX_AGE_HOURS,
    },
    alertIntervalSeconds: values.ALERT_INTERVAL_SECONDS,
    summarizer: {
      kind: values.SUMMARIZER,
      openai: {
        baseUrl: values.OPENAI_BASE_URL,
        apiKey: values.OPENAI_API_KEY,
        model: values.SUMMARIZER_MODEL,
        timeoutMs: values.SUMMARIZER_TIMEOUT_MS,
        retries: values.SUMMARIZER_RETRIES,
      },
    },
  };
}

/** The configuration of an empty environment: what every option of the service defaults to. */
export const DEFAULTS: Config = readConfig({});
