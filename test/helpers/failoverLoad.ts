import pg from "pg";
import { threadWithMessages } from "./serviceClient.ts";
import { sleep } from "./wait.ts";

export const MESSAGES_PER_THREAD = 3;
const RETRY_PAUSE_MS = 100;

export interface Attempt {
  kind: "write" | "read";
  startedAt: number;
  endedAt: number;
  /** 0: no HTTP answer at all. */
  status: number;
  retryAfter: string | null;
}

/** Writers and readers going through one service until stopped, every request recorded. */
export interface Load {
  attempts: Attempt[];
  /** Threads whose Create Thread answered 2xx. */
  acknowledged: string[];
  stop(): Promise<void>;
}

/**
 * Starts `writers` clients that each ingest threads one after the other, retrying the same thread
 * (the same externalIds, so a retry never doubles anything) until it is acknowledged, as a client
 * honouring 503 would, and `readers` clients listing the threads of the users being written.
 */
export function startLoad(serviceUrl: string, key: string, { writers = 4, readers = 2, prefix = "t" } = {}): Load {
  const attempts: Attempt[] = [];
  const acknowledged: string[] = [];
  let stopping = false;

  async function send(kind: Attempt["kind"], method: string, path: string, body?: unknown): Promise<number> {
    const startedAt = Date.now();
    let status = 0;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(`${serviceUrl}${path}`, {
        method,
        headers: { "api-key": key, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      status = response.status;
      retryAfter = response.headers.get("retry-after");
    } catch {
      status = 0;
    }
    attempts.push({ kind, startedAt, endedAt: Date.now(), status, retryAfter });
    return status;
  }

  async function writer(w: number) {
    for (let n = 0; !stopping; n++) {
      const externalId = `${prefix}-w${w}-${n}`;
      for (;;) {
        const status = await send("write", "POST", "/api/external/threads", threadWithMessages(externalId, MESSAGES_PER_THREAD));
        if (status === 200 || status === 201) {
          acknowledged.push(externalId);
          break;
        }
        if (status >= 400 && status < 500) throw new Error(`writing ${externalId} answered ${status}`);
        await sleep(RETRY_PAUSE_MS);
      }
    }
  }

  async function reader(r: number) {
    for (let n = 0; !stopping; n++) {
      const user = `user-of-${prefix}-w${(r + n) % Math.max(writers, 1)}-${n}`;
      const status = await send("read", "GET", `/api/external/threads?externalUserIds=${user}&pageSize=5`);
      if (status !== 200) await sleep(RETRY_PAUSE_MS);
    }
  }

  const running = [...Array.from({ length: writers }, (_, w) => writer(w)), ...Array.from({ length: readers }, (_, r) => reader(r))];
  return {
    attempts,
    acknowledged,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}

export interface Outcome {
  /** Requests answered after `since`. */
  requests: number;
  failed: number;
  /** Answers 500 (or any 5xx but 503), and requests with no HTTP answer at all. */
  serverErrors: number;
  /** 503 answers without a Retry-After header. */
  withoutRetryAfter: number;
  /** From `since` to the end of the first write that began once the first failure was seen (or after `since`, without failures). */
  firstWriteMs: number | null;
  /** From the first failed request to the end of the last one. */
  errorWindowMs: number;
}

const succeeded = (attempt: Attempt) => attempt.status >= 200 && attempt.status < 300;

/** What the requests between `since` and `until` saw. */
export function outcomeOf(attempts: Attempt[], since: number, until = Infinity): Outcome {
  const window = attempts.filter((attempt) => attempt.endedAt >= since && attempt.startedAt <= until);
  const failures = window.filter((attempt) => !succeeded(attempt));
  // A killed postmaster's backends and walsender live on for a moment, so writes can still succeed
  // just after a kill (seen: 41 ms after it): writing again means a write begun once a failure was answered.
  const outageSeen = failures.length ? Math.max(since, Math.min(...failures.map((attempt) => attempt.endedAt))) : since;
  const firstWrite = window.filter((attempt) => attempt.kind === "write" && attempt.startedAt >= outageSeen && succeeded(attempt)).sort((a, b) => a.endedAt - b.endedAt)[0];
  return {
    requests: window.length,
    failed: failures.length,
    serverErrors: failures.filter((attempt) => attempt.status !== 503 && (attempt.status >= 500 || attempt.status === 0)).length,
    withoutRetryAfter: failures.filter((attempt) => attempt.status === 503 && !attempt.retryAfter).length,
    firstWriteMs: firstWrite ? firstWrite.endedAt - since : null,
    errorWindowMs: failures.length ? Math.max(...failures.map((a) => a.endedAt)) - Math.min(...failures.map((a) => a.startedAt)) : 0,
  };
}

export interface Stored {
  /** Acknowledged threads not stored. */
  missing: string[];
  /** Acknowledged threads stored more than once, or not with exactly their messages. */
  notExactlyOnce: string[];
}

/** Looks up every acknowledged thread on the database (through HAProxy: the current primary). */
export async function storedWrites(databaseUrl: string, acknowledged: string[]): Promise<Stored> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ externalId: string; threads: number; messages: number }>(
      `SELECT t."externalId", count(DISTINCT t.id)::int AS threads, count(m.id)::int AS messages
         FROM "Thread" t LEFT JOIN "Message" m ON m."threadId" = t.id
        WHERE t."externalId" = ANY($1::text[]) GROUP BY t."externalId"`,
      [acknowledged],
    );
    const found = new Map(rows.map((row) => [row.externalId, row]));
    return {
      missing: acknowledged.filter((id) => !found.has(id)),
      notExactlyOnce: rows.filter((row) => row.threads !== 1 || row.messages !== MESSAGES_PER_THREAD).map((row) => row.externalId),
    };
  } finally {
    await client.end();
  }
}
