// Fills a database with a realistic data set for the thread and feedback listings (and their benchmarks):
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npm run seed -- --feedback 200000
//   DATA_DIR=./data npm run seed -- --threads 10000 --messages-per-thread 10
//   DATABASE_URL=… npm run seed -- --org 1 --threads 0 --feedback 200000   (feedback on existing threads)
import { mkdir } from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { readConfig } from "../src/config.ts";
import { databaseOnPglite, openDatabase, pglitePath, IN_MEMORY, type Database } from "../src/db/database.ts";
import { openPglite } from "../src/db/pglite.ts";
import { initOrganization, organizationExists } from "../src/organizations/organizations.ts";
import { progressBar } from "./progress.ts";
import { seedIntents, seedProjects, seedThreadBatch, seedUsers, threadCount, type SqlRunner } from "./seed/dataset.ts";
import { messageIdRange, seedAttributes, seedFeedbackBatch } from "./seed/feedback.ts";
import { recountFeedback, recountThreads } from "./seed/counts.ts";
import { createIndexes, dropSecondaryIndexes } from "./seed/indexes.ts";
import { startSeedSession, withoutTriggers } from "./seed/session.ts";
import { runSideBySide, runStatement } from "./seed/sideBySide.ts";
import { RARE_WORD_THREADS } from "./seed/vocabulary.ts";

const USAGE = `Usage: npm run seed -- [options]   (database: DATABASE_URL, else PGlite in DATA_DIR)
  --org ID                  add to this organization (default: create one and print its keys)
  --threads N               threads to add (default 100000; 0 adds none)
  --messages-per-thread N   average messages per thread (default 10)
  --users N                 external users, with segments (default 1000)
  --projects N              projects the threads are spread over (default 4)
  --days N                  the threads' createdAt spans the last N days (default 365)
  --feedback N              feedback to add on the organization's messages, with attributes (default 0)
  --batch N                 threads per INSERT statement (default 2000)`;

const { values: options } = parseArgs({
  options: {
    org: { type: "string" },
    threads: { type: "string", default: "100000" },
    "messages-per-thread": { type: "string", default: "10" },
    users: { type: "string", default: "1000" },
    projects: { type: "string", default: "4" },
    days: { type: "string", default: "365" },
    feedback: { type: "string", default: "0" },
    batch: { type: "string", default: "2000" },
    help: { type: "boolean", default: false },
  },
});

function integerOption(name: keyof typeof options, minimum: number): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < minimum) {
    process.stderr.write(`--${name} must be an integer of at least ${minimum}\n${USAGE}\n`);
    process.exit(2);
  }
  return value;
}

const positiveInteger = (name: keyof typeof options) => integerOption(name, 1);

interface Target {
  database: Database;
  sql: SqlRunner;
  /** Connections that build indexes and vacuum side by side: `sql` and, on PostgreSQL, more. */
  connections: SqlRunner[];
  close(): Promise<void>;
}

/** Creates the PostgreSQL database of the URL when it does not exist yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The three big GIN indexes (Message's two, Thread's document) build at once. */
const POSTGRES_CONNECTIONS = 3;

const runnerOf = (client: pg.Client): SqlRunner => ({ query: async (text, params) => (await client.query(text, params)).rows });

/** The service's database (for migrations and the organization) plus raw connections for bulk SQL. */
async function openTarget(): Promise<Target> {
  const config = readConfig();
  if (config.databaseUrl) {
    await ensurePostgresDatabase(config.databaseUrl);
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    const clients = await Promise.all(Array.from({ length: POSTGRES_CONNECTIONS }, () => connectClient(config.databaseUrl!)));
    const runners = clients.map(runnerOf);
    return {
      database,
      sql: runners[0]!,
      connections: runners,
      async close() {
        await Promise.all(clients.map((client) => client.end()));
        await database.close();
      },
    };
  }
  const path = pglitePath(config.dataDir);
  if (path !== IN_MEMORY) await mkdir(path, { recursive: true });
  const db = await openPglite(path);
  const database = await databaseOnPglite(db);
  const sql: SqlRunner = { query: async <Row>(text: string, params?: unknown[]) => (await db.query<Row>(text, params)).rows };
  return { database, sql, connections: [sql], close: () => database.close() };
}

async function organizationFor(database: Database): Promise<number> {
  if (options.org !== undefined) {
    const id = positiveInteger("org");
    if (!(await organizationExists(database.prisma, id))) throw new Error(`organization ${id} does not exist`);
    return id;
  }
  const created = await initOrganization(database.prisma, `seed-${new Date().toISOString()}`, "default");
  process.stdout.write(
    `organization ${created.organizationId} created\nprivate key: ${created.privateKey}\npublic key:  ${created.publicKey}\n`,
  );
  return created.organizationId;
}

/** Rebuilding a table's indexes after the load pays off only when the load is at least as big as what is there. */
async function withIndexesRebuiltFor({ sql, connections }: Target, tables: string[], rows: number, load: () => Promise<void>): Promise<void> {
  const [{ estimate } = { estimate: 0 }] = await sql.query<{ estimate: number }>(
    `SELECT greatest(reltuples, 0)::float8 AS estimate FROM pg_class WHERE oid = $1::regclass`,
    [`"${tables[0]}"`],
  );
  const dropped = rows >= Math.max(50_000, estimate) ? await dropSecondaryIndexes(sql, tables) : [];
  try {
    await load();
  } finally {
    if (dropped.length > 0) {
      const bar = progressBar("indexes", dropped.length);
      await createIndexes(connections, dropped, (done, index) => bar.update(done, index.name));
      bar.finish();
    }
  }
}

interface Organization {
  organizationId: number;
  projectIds: number[];
  userIds: number[];
}

async function seedThreads(target: Target, { organizationId, projectIds, userIds }: Organization, threads: number): Promise<void> {
  const { sql } = target;
  const messagesPerThread = positiveInteger("messages-per-thread");
  const batchSize = positiveInteger("batch");
  const spanMs = positiveInteger("days") * 24 * 3600 * 1000;
  await withIndexesRebuiltFor(target, ["Message", "Thread", "ThreadIntent"], threads * messagesPerThread, () => withoutTriggers(target.connections, async () => {
    const offset = await threadCount(sql, organizationId);
    const start = new Date(Date.now() - spanMs - 3600_000);
    const bar = progressBar("threads", threads);
    const firsts = Array.from({ length: Math.ceil(threads / batchSize) }, (_, index) => index * batchSize);
    let added = 0;
    let messages = 0;
    // Batches side by side: each is one backend's CPU (building rows, writing heap and WAL), and the batches share nothing.
    await runSideBySide(target.connections, firsts, async (sql, first) => {
      const size = Math.min(batchSize, threads - first);
      const result = await seedThreadBatch(sql, {
        organizationId, userIds, projectIds, messagesPerThread, start,
        first: offset + first + 1,
        last: offset + first + size,
        stepMs: spanMs / threads,
        rareWordEvery: Math.max(1, Math.floor(threads / RARE_WORD_THREADS)),
      });
      added += result.threads;
      messages += result.messages;
      bar.update(added, `(${messages} messages)`);
    });
    bar.finish(`(${messages} messages)`);
  }));
}

const FEEDBACK_BATCH = 20_000;

/**
 * The message ids cut into contiguous ranges in order, one batch each, each with its share of the
 * feedback: spread over the messages (and so over threads and time) as evenly as a draw over all of
 * them, while each batch reads only its slice of the tables, whatever their size.
 */
function feedbackRanges({ first, last }: { first: number; last: number }, wanted: number) {
  const span = last - first + 1;
  const count = Math.min(span, Math.ceil(wanted / FEEDBACK_BATCH));
  const cut = (total: number, k: number) => Math.floor((total * k) / count);
  return Array.from({ length: count }, (_, k) => ({
    first: first + cut(span, k),
    last: first + cut(span, k + 1) - 1,
    size: cut(wanted, k + 1) - cut(wanted, k),
  }));
}

async function seedFeedback(target: Target, { organizationId, projectIds, userIds }: Organization, wanted: number): Promise<void> {
  const { sql } = target;
  const range = await messageIdRange(sql, organizationId);
  if (!range) throw new Error(`organization ${organizationId} has no messages to give feedback on: seed threads first`);
  await seedAttributes(sql, organizationId, projectIds);
  // Statistics of the freshly loaded messages and threads: without them the planner reads a range of ids through an index by thread.
  await runSideBySide(target.connections, ['ANALYZE "Message"', 'ANALYZE "Thread"'], runStatement);
  await withIndexesRebuiltFor(target, ["Feedback", "FeedbackOption"], wanted, () => withoutTriggers(target.connections, async () => {
    const bar = progressBar("feedback", wanted);
    let added = 0;
    await runSideBySide(target.connections, feedbackRanges(range, wanted), async (sql, { first, last, size }) => {
      for (let rangeAdded = 0; rangeAdded < size; ) {
        const batch = await seedFeedbackBatch(sql, {
          organizationId, userIds, projectIds, size: size - rangeAdded, firstMessageId: first, lastMessageId: last,
        });
        if (batch === 0) throw new Error(`no more feedback fits (${added} added): every giver has voted on the messages of ${first}..${last}`);
        rangeAdded += batch;
        added += batch;
        bar.update(added);
      }
    });
    bar.finish();
  }));
}

async function seed(target: Target): Promise<void> {
  const { database, sql } = target;
  const threads = integerOption("threads", 0);
  const feedback = integerOption("feedback", 0);

  const applied = await database.migrate();
  if (applied.length > 0) process.stderr.write(`applied migrations: ${applied.join(", ")}\n`);
  const organizationId = await organizationFor(database);
  await startSeedSession(target.connections, database.kind === "postgres" ? "1GB" : "256MB");
  await sql.query("SELECT setseed(0.42)");

  const projectIds = await seedProjects(sql, organizationId, positiveInteger("projects"));
  await seedIntents(sql, organizationId, projectIds);
  const userIds = await seedUsers(sql, organizationId, positiveInteger("users"));
  process.stderr.write(`organization ${organizationId}: ${projectIds.length} projects, ${userIds.length} users\n`);
  const organization = { organizationId, projectIds, userIds };

  try {
    if (threads > 0) await seedThreads(target, organization, threads);
    if (feedback > 0) await seedFeedback(target, organization, feedback);
  } finally {
    // Also after a failure: the rows a seed added before it are there, counted or not.
    await timed("recounting the daily counts", async () => {
      await recountFeedback(sql, organizationId);
      await recountThreads(sql);
    });
  }
  // The visibility map lets count(*) be an index-only scan; fresh statistics give the planner real selectivities.
  await timed("vacuum analyze", () => runSideBySide(target.connections, VACUUMED.map((table) => `VACUUM (ANALYZE) "${table}"`), runStatement));
}

/** The tables the seed writes, the biggest first. */
const VACUUMED = ["Message", "Thread", "Feedback", "ThreadIntent", "FeedbackOption", "ExternalUser", "UserSegment", "Intent",
  "Attribute", "AttributeOption", "FeedbackCount", "FeedbackCountDelta"];

async function timed(what: string, step: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  process.stderr.write(`${what}…\n`);
  await step();
  process.stderr.write(`${what}: ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
}

if (options.help) {
  process.stdout.write(`${USAGE}\n`);
} else {
  const started = Date.now();
  const target = await openTarget();
  try {
    await seed(target);
  } finally {
    await target.close();
  }
  process.stderr.write(`done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
}
