import { summarizerKind, type SummarizerConfig } from "./summarizer/configured.ts";

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  summarizer: SummarizerConfig;
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
