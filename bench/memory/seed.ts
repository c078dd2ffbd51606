import pg from "pg";
import { openDatabase } from "../../src/db/database.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { BUILTIN_WINDOW, summarizeConversation } from "../../src/summarizer/builtin.ts";
import type { Conversation, ConversationMessage } from "../../src/summarizer/summarizer.ts";
import { conversation, seededRandom, type GeneratedMessage } from "./conversations.ts";

export const USERS = 10_000;
export const THREADS = 50_000;
export const MESSAGES = 500_000;
const ORGANIZATION = "bench-memory";
const THREAD_BATCH = 5_000;
const MESSAGE_BATCH = 25_000;
const DAY_MS = 86_400_000;

export const userExternalId = (n: number) => `user-${n}`;

/** The conversation the built-in summarizer reads in the service: see loadConversation. */
function windowOf(messages: GeneratedMessage[]): Conversation {
  const said = messages.filter((message): message is ConversationMessage => message.role !== "system");
  const { opening, recent } = BUILTIN_WINDOW;
  if (said.length <= opening + recent) return { messages: said, truncated: false };
  return { messages: [...said.slice(0, opening), ...said.slice(-recent)], truncated: true };
}

/** Message counts averaging exactly MESSAGES / THREADS: pairs around the mean, a few empty threads. */
function messageCounts(random: () => number): number[] {
  const mean = MESSAGES / THREADS;
  const counts: number[] = [];
  while (counts.length < THREADS) {
    const spread = random() < 0.04 ? mean : Math.floor(random() * (mean - 1));
    counts.push(mean - spread, mean + spread);
  }
  return counts;
}

/** The benchmark's organization when the database already holds the whole data set. */
export async function seededOrganization(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `SELECT o."id", (SELECT count(*) FROM "Message" m WHERE m."organizationId" = o."id")::int AS "messages"
       FROM "Organization" o WHERE o."name" = $1`,
      [ORGANIZATION],
    );
    return rows[0]?.messages === MESSAGES ? (rows[0].id as number) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Secondary indexes are dropped while loading and built once at the end: much faster. */
async function withoutSecondaryIndexes(client: pg.Client, load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE c.relname IN ('ExternalUser', 'Thread', 'Message') AND NOT i.indisunique AND NOT i.indisprimary`,
  );
  for (const { name } of rows) await client.query(`DROP INDEX "${name}"`);
  await load();
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const { definition } of rows) await client.query(definition);
}

/**
 * Migrates, then loads one organization with USERS users, THREADS threads (5 per user on
 * average, created over the last 180 days, 20 % without an externalId, 2 % without messages) and
 * MESSAGES messages, each thread with the summary the built-in summarizer gives it. Returns the
 * organization's id.
 */
export async function seed(databaseUrl: string, log: (line: string) => void): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const { organizationId, projectId } = await initOrganization(database.prisma, ORGANIZATION, "default");
  await database.close();

  const random = seededRandom(20240501);
  const counts = messageCounts(random);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await withoutSecondaryIndexes(client, async () => {
      await client.query(
        `INSERT INTO "ExternalUser" ("id", "organizationId", "externalId", "name")
         SELECT g, $1, 'user-' || g, 'User ' || g FROM generate_series(1, $2::int) AS g`,
        [organizationId, USERS],
      );
      let messageId = 0;
      const now = Date.now();
      for (let first = 1; first <= THREADS; first += THREAD_BATCH) {
        const threads = { id: [] as number[], user: [] as number[], externalId: [] as (string | null)[], summary: [] as string[], last: [] as (number | null)[], createdAt: [] as string[] };
        const messages = { id: [] as number[], thread: [] as number[], role: [] as string[], content: [] as string[], createdAt: [] as string[] };
        for (let id = first; id < first + THREAD_BATCH; id++) {
          const createdAt = now - Math.floor(random() * 180 * DAY_MS);
          const generated = conversation(random, counts[id - 1]!);
          generated.forEach((message, index) => {
            messages.id.push(++messageId);
            messages.thread.push(id);
            messages.role.push(message.role);
            messages.content.push(message.content);
            messages.createdAt.push(new Date(createdAt + index * 30_000).toISOString());
          });
          threads.id.push(id);
          threads.user.push(1 + Math.floor(random() * USERS));
          threads.externalId.push(random() < 0.2 ? null : `thread-${id}`);
          threads.summary.push(summarizeConversation(windowOf(generated)));
          threads.last.push(generated.length > 0 ? messageId : null);
          threads.createdAt.push(new Date(createdAt).toISOString());
        }
        await client.query(
          `INSERT INTO "Thread" ("id", "organizationId", "projectId", "externalUserId", "externalId", "summary", "summaryMessageId",
                                 "summaryUpdatedAt", "createdAt", "updatedAt")
           SELECT t.id, $1, $2, t.user_id, t.external_id, t.summary, t.last, t.created_at, t.created_at, t.created_at
           FROM unnest($3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::timestamp[])
             AS t(id, user_id, external_id, summary, last, created_at)`,
          [organizationId, projectId, threads.id, threads.user, threads.externalId, threads.summary, threads.last, threads.createdAt],
        );
        for (let start = 0; start < messages.id.length; start += MESSAGE_BATCH) {
          const slice = <T>(values: T[]) => values.slice(start, start + MESSAGE_BATCH);
          await client.query(
            `INSERT INTO "Message" ("id", "organizationId", "threadId", "role", "content", "createdAt")
             SELECT m.id, $1, m.thread_id, m.role, m.content, m.created_at
             FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::timestamp[]) AS m(id, thread_id, role, content, created_at)`,
            [organizationId, slice(messages.id), slice(messages.thread), slice(messages.role), slice(messages.content), slice(messages.createdAt)],
          );
        }
        log(`  threads ${first + THREAD_BATCH - 1}/${THREADS}, messages ${messageId}`);
      }
      log("  building indexes");
    });
    for (const table of ["ExternalUser", "Thread", "Message"]) {
      await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max("id") FROM "${table}"))`);
    }
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
  return organizationId;
}
