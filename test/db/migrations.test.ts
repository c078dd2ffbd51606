import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import t from "tap";
import { openDatabase } from "../../src/db/database.ts";
import { MIGRATION_LOCK_KEY } from "../../src/db/migrationAdapters.ts";
import { openPglite } from "../../src/db/pglite.ts";
import {
  DEFAULT_MIGRATIONS_DIR,
  deployMigrations,
  diffMigrations,
  isEmptyMigration,
  markMigrationRolledBack,
  type MigrationTarget,
  migrationStatus,
  PROJECT_ROOT,
} from "../../src/db/schemaEngine.ts";
import { createEmptyPostgresDatabase, openMigratedPglite } from "../helpers/database.ts";
import { eventually } from "../helpers/wait.ts";

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

const databaseUrl = process.env.DATABASE_URL;
// The suite runs once on PGlite and once with DATABASE_URL: each group runs in one of the two runs.
const pgOnly = { skip: databaseUrl ? false : "needs DATABASE_URL" };
const pgliteOnly = { skip: databaseUrl ? "runs in the run without DATABASE_URL" : false };

const allMigrations = async () => (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((name) => /^\d+_/.test(name)).sort();

async function timed<T>(t: TapTest, label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  t.comment(`${label}: ${Math.round(performance.now() - start)} ms`);
  return result;
}

async function emptyPostgresTarget(t: TapTest): Promise<{ target: MigrationTarget; url: string }> {
  const database = await createEmptyPostgresDatabase();
  t.teardown(() => database.drop());
  return { target: { kind: "postgres", url: database.url }, url: database.url };
}

async function queryPostgres<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The project's migrations plus extra ones, in a temporary folder. */
async function migrationsDirWith(t: TapTest, extra: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "migrations-"));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

// Statement 2 creates a table, statement 3 fails: the table must not survive.
const BROKEN_MIGRATION = `-- a comment; with a semicolon
CREATE TABLE "Leftover" ("id" INTEGER PRIMARY KEY, "note" TEXT DEFAULT 'a;b');
SELECT * FROM "NoSuchTable";
`;
const FIXED_MIGRATION = `CREATE TABLE "Leftover" ("id" INTEGER PRIMARY KEY, "note" TEXT DEFAULT 'a;b');\n`;

async function tableExists(target: MigrationTarget, table: string): Promise<boolean> {
  const sql = "SELECT to_regclass($1) IS NOT NULL AS exists";
  const rows =
    target.kind === "pglite"
      ? (await target.db.query<{ exists: boolean }>(sql, [`"${table}"`])).rows
      : await queryPostgres<{ exists: boolean }>(target.url, sql, [`"${table}"`]);
  return rows[0]!.exists;
}

async function checkFailingMigration(t: TapTest, target: MigrationTarget): Promise<void> {
  const migrationsDir = await migrationsDirWith(t, { "9000_broken": BROKEN_MIGRATION });
  await t.rejects(deployMigrations(target, { migrationsDir }), {
    message: /^Migration 9000_broken failed: relation "NoSuchTable" does not exist \[SQLSTATE 42P01\] at line 3/,
  });
  t.notOk(await tableExists(target, "Leftover"), "the failed script was rolled back as a whole");
  const status = await migrationStatus(target, { migrationsDir });
  t.same(status.failedMigrations, ["9000_broken"], "recorded as failed, not applied");
  t.notOk(status.upToDate);
  await t.rejects(deployMigrations(target, { migrationsDir }), { message: /failed migrations/ }, "deploy stays blocked");

  await writeFile(join(migrationsDir, "9000_broken", "migration.sql"), FIXED_MIGRATION);
  await markMigrationRolledBack(target, "9000_broken", { migrationsDir });
  t.same(await deployMigrations(target, { migrationsDir }), ["9000_broken"], "applies once fixed and resolved");
  t.ok(await tableExists(target, "Leftover"));
}

t.test("PGlite", pgliteOnly, async (t) => {
  t.test("fresh database: applies every migration, then none; the schema matches schema.prisma", async (t) => {
    const db = await openPglite("memory://");
    t.teardown(() => db.close());
    const target: MigrationTarget = { kind: "pglite", db };
    t.same(await timed(t, "deploy on PGlite memory", () => deployMigrations(target)), await allMigrations());
    t.same(await deployMigrations(target), []);
    t.ok(isEmptyMigration(await diffMigrations(target)), "diff after deploy is the empty migration");
    t.match(await migrationStatus(target), { upToDate: true, unappliedMigrations: [], failedMigrations: [] });
  });

  t.test("a failing migration throws, is rolled back and is recorded as failed", async (t) => {
    const db = await openMigratedPglite();
    t.teardown(() => db.close());
    await checkFailingMigration(t, { kind: "pglite", db });
  });

  t.test("persists on disk across close and reopen", async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), "data-"));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir });
    t.same(await first.migrate(), await allMigrations());
    const org = await first.prisma.organization.create({ data: { name: "persisted" } });
    await first.close();

    const second = await openDatabase({ dataDir });
    t.teardown(() => second.close());
    t.same(await second.migrate(), [], "migrations are remembered");
    t.match(await second.prisma.organization.findUnique({ where: { id: org.id } }), { name: "persisted" });
  });
});

t.test("PostgreSQL", pgOnly, async (t) => {
  t.test("fresh database: applies every migration, then none; the schema matches schema.prisma", async (t) => {
    const { target, url } = await emptyPostgresTarget(t);
    const shadowsBefore = await shadowDatabases(url);
    t.same(await timed(t, "deploy on PostgreSQL", () => deployMigrations(target)), await allMigrations());
    t.same(await deployMigrations(target), []);
    t.ok(isEmptyMigration(await diffMigrations(target)), "diff after deploy is the empty migration");
    t.same(
      (await shadowDatabases(url)).filter((name) => !shadowsBefore.includes(name)),
      [],
      "the shadow database is dropped",
    );
    t.equal(await migrationLockHolders(url), 0, "the advisory lock is released once deploy returns");
  });

  t.test("a failing migration throws, is rolled back and is recorded as failed", async (t) => {
    const { target } = await emptyPostgresTarget(t);
    await deployMigrations(target);
    await checkFailingMigration(t, target);
  });

  t.test("3 concurrent deploys on one fresh database: one applies, the others wait and find nothing to do", async (t) => {
    const { target, url } = await emptyPostgresTarget(t);
    const results = await Promise.all([1, 2, 3].map(() => deployMigrations(target)));
    t.same(results.flat().sort(), await allMigrations(), "each migration applied exactly once");
    t.equal(results.filter((applied) => applied.length > 0).length, 1);
    const rows = await queryPostgres<{ count: string }>(url, "SELECT count(*) FROM _prisma_migrations");
    t.equal(Number(rows[0]!.count), (await allMigrations()).length);
    t.equal(await migrationLockHolders(url), 0);
  });

  t.test("deploy waits while another session holds the migration advisory lock", async (t) => {
    const { target, url } = await emptyPostgresTarget(t);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    t.teardown(() => holder.end());
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);

    const deploy = deployMigrations(target);
    await eventually(async () => (await sessionsWaitingForMigrationLock(url)) === 1);
    t.notOk(await tableExists(target, "Organization"), "nothing applied while the lock is held");
    await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    t.same(await deploy, await allMigrations(), "applied once the lock is free");
  });

  t.test("deploy gives up after lockTimeoutMs with a clear error, leaving no session behind", async (t) => {
    const { target, url } = await emptyPostgresTarget(t);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    t.teardown(() => holder.end());
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);

    await t.rejects(deployMigrations(target, { lockTimeoutMs: 300 }), {
      message: `Timed out after 300 ms waiting for advisory lock ${MIGRATION_LOCK_KEY}: another deploy is still running.`,
    });
    t.equal(await sessionsWaitingForMigrationLock(url), 0);
    t.notOk(await tableExists(target, "Organization"));
  });

  t.test("3 concurrent `migrate.ts deploy` processes on one fresh database", async (t) => {
    const { url } = await emptyPostgresTarget(t);
    const runs = await Promise.all([1, 2, 3].map(() => runMigrateScript(["deploy"], { DATABASE_URL: url })));
    t.same(runs.map((run) => run.code), [0, 0, 0], runs.map((run) => run.stderr).join(""));
    t.equal(runs.filter((run) => /applied \d+ migration/.test(run.stdout)).length, 1);
    t.equal(runs.filter((run) => /no pending migrations/.test(run.stdout)).length, 2);
  });

  t.test("migrate.ts fails with a clear message and exit code 1 when the database is unreachable", async (t) => {
    const run = await runMigrateScript(["deploy"], { DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere" });
    t.equal(run.code, 1);
    t.match(run.stderr, /^migrate: .*(reach|connect)/im);
  });
});

t.test("migrate.ts rejects an unknown command with its usage and exit code 2", async (t) => {
  const run = await runMigrateScript(["bogus"], {});
  t.equal(run.code, 2);
  t.match(run.stderr, /usage: tsx scripts\/migrate\.ts deploy \| status/);
});

async function shadowDatabases(url: string): Promise<string[]> {
  const rows = await queryPostgres<{ datname: string }>(
    url,
    "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_shadow_%'",
  );
  return rows.map((row) => row.datname);
}

async function migrationLockHolders(url: string): Promise<number> {
  const rows = await queryPostgres<{ count: string }>(
    url,
    `SELECT count(*) FROM pg_locks
      WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [MIGRATION_LOCK_KEY],
  );
  return Number(rows[0]!.count);
}

async function sessionsWaitingForMigrationLock(url: string): Promise<number> {
  const rows = await queryPostgres<{ count: string }>(
    url,
    `SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%pg_advisory_lock(${MIGRATION_LOCK_KEY})%'`,
  );
  return Number(rows[0]!.count);
}

function runMigrateScript(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/migrate.ts", ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
