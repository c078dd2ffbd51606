/**
 * The data set of `npm run bench`: what `npm run seed` (scripts/seed.ts) makes of 5,000 threads of
 * 10 messages (1,000 users with segments, 4 projects, intents), the feedback attributes of the
 * seed in every project, and each thread's memory summary as the service's built-in summarizer
 * writes it when the thread is ingested.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import pg from "pg";
import { seedAttributes } from "../scripts/seed/feedback.ts";
import type { SqlRunner } from "../scripts/seed/dataset.ts";
import { FEEDBACK_ATTRIBUTES } from "../scripts/seed/vocabulary.ts";
import { pglitePath } from "../src/db/database.ts";
import { openPglite } from "../src/db/pglite.ts";
import { BUILTIN_WINDOW, summarizeConversation } from "../src/summarizer/builtin.ts";
import type { StoredSecret } from "../src/tokens/secrets.ts";
import type { Conversation, ConversationMessage } from "../src/summarizer/summarizer.ts";
import { ROOT } from "./servers.ts";

export const THREADS = 5_000;
export const MESSAGES_PER_THREAD = 10;

/** Where the data set lives: a PostgreSQL database, or the PGlite of a service data folder. */
export type Place = { databaseUrl: string } | { dataDir: string };

export interface Dataset {
  organizationId: number;
  privateKey: string;
  publicKey: string;
  /** External ids of the users that have a thread with a summary. */
  users: string[];
  /** External ids of the threads, all with messages. */
  threads: string[];
  /** The threads' ids, in the order of `threads`: feedback tokens name a thread by id. */
  threadIds: number[];
  /** The organization's feedback-token signing secret, as the service makes it on its first token. */
  tokenSecret: StoredSecret;
  /** Attribute name to option names, in every project. */
  attributes: Record<string, string[]>;
}

const placeEnv = (place: Place) => ("databaseUrl" in place ? { DATABASE_URL: place.databaseUrl } : { DATABASE_URL: "", DATA_DIR: place.dataDir });

/** Runs `npm run seed` and reads the organization and keys it prints. */
async function runSeed(place: Place): Promise<Pick<Dataset, "organizationId" | "privateKey" | "publicKey">> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/seed.ts", "--threads", String(THREADS), "--messages-per-thread", String(MESSAGES_PER_THREAD)],
    { cwd: ROOT, env: { ...process.env, ...placeEnv(place) }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  const organizationId = /organization (\d+) created/.exec(stdout)?.[1];
  const privateKey = /private key: (\S+)/.exec(stdout)?.[1];
  const publicKey = /public key:\s+(\S+)/.exec(stdout)?.[1];
  if (code !== 0 || !organizationId || !privateKey || !publicKey) throw new Error(`npm run seed failed (${code}):\n${stdout}\n${stderr}`);
  return { organizationId: Number(organizationId), privateKey, publicKey };
}

async function withSql<T>(place: Place, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  if ("databaseUrl" in place) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return await work({ query: async (text, params) => (await client.query(text, params)).rows });
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(pglitePath(place.dataDir));
  try {
    return await work({ query: async <Row>(text: string, params?: unknown[]) => (await db.query<Row>(text, params)).rows });
  } finally {
    await db.close();
  }
}

/** The window the service's summarizer reads of a thread's user and assistant messages (see src/memory/conversation.ts). */
function windowOf(said: ConversationMessage[]): Conversation {
  const { opening, recent } = BUILTIN_WINDOW;
  if (said.length <= opening + recent) return { messages: said, truncated: false };
  return { messages: [...said.slice(0, opening), ...said.slice(-recent)], truncated: true };
}

/** Every thread's summary, covering its last message, as Create Thread leaves it. */
async function summarize(sql: SqlRunner, organizationId: number): Promise<void> {
  const threads = await sql.query<{ id: number; said: ConversationMessage[] | null; last: number }>(
    `SELECT m."threadId" AS "id", max(m."id") AS "last",
            json_agg(json_build_object('role', m."role", 'content', left(m."content", $2)) ORDER BY m."id")
              FILTER (WHERE m."role" IN ('user', 'assistant')) AS "said"
     FROM "Message" m WHERE m."organizationId" = $1 GROUP BY m."threadId"`,
    [organizationId, BUILTIN_WINDOW.maxMessageChars],
  );
  await sql.query(
    `UPDATE "Thread" t SET "summary" = s."summary", "summaryMessageId" = s."last", "summaryUpdatedAt" = t."updatedAt"
     FROM unnest($2::int[], $3::text[], $4::int[]) AS s("id", "summary", "last")
     WHERE t."organizationId" = $1 AND t."id" = s."id"`,
    [
      organizationId,
      threads.map((thread) => thread.id),
      threads.map((thread) => summarizeConversation(windowOf(thread.said ?? []))),
      threads.map((thread) => thread.last),
    ],
  );
}

/** Seeds the data set into an empty database (migrated by the seed) and describes it. */
export async function seedDataset(place: Place): Promise<Dataset> {
  const keys = await runSeed(place);
  const { organizationId } = keys;
  return withSql(place, async (sql) => {
    const projects = await sql.query<{ id: number }>(`SELECT "id" FROM "Project" WHERE "organizationId" = $1 ORDER BY "id"`, [organizationId]);
    await seedAttributes(sql, organizationId, projects.map((project) => project.id));
    await summarize(sql, organizationId);
    await sql.query(`VACUUM (ANALYZE) "Thread", "Message", "Attribute", "AttributeOption"`);
    const users = await sql.query<{ externalId: string }>(
      `SELECT DISTINCT u."externalId" FROM "Thread" t JOIN "ExternalUser" u ON u."id" = t."externalUserId"
       WHERE t."organizationId" = $1 AND t."summary" <> '' ORDER BY 1`,
      [organizationId],
    );
    const threads = await sql.query<{ id: number; externalId: string }>(
      `SELECT t."id", t."externalId" FROM "Thread" t WHERE t."organizationId" = $1
         AND EXISTS (SELECT 1 FROM "Message" m WHERE m."organizationId" = $1 AND m."threadId" = t."id")
       ORDER BY t."id"`,
      [organizationId],
    );
    return {
      ...keys,
      users: users.map((user) => user.externalId),
      threads: threads.map((thread) => thread.externalId),
      threadIds: threads.map((thread) => thread.id),
      tokenSecret: (
        await sql.query<StoredSecret>(
          `INSERT INTO "FeedbackTokenSecret" ("organizationId", "secret") VALUES ($1, $2) RETURNING "id", "organizationId", "secret"`,
          [organizationId, randomBytes(32).toString("base64url")],
        )
      )[0]!,
      attributes: FEEDBACK_ATTRIBUTES,
    };
  });
}
