import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, databaseOnPglite, openDatabase } from "../../src/db/database.ts";
import { createPglite, IN_MEMORY, openPglite } from "../../src/db/pglite.ts";
import { runAdminStatement, urlWithDatabase } from "../../src/db/postgresAdmin.ts";
import { deployMigrations, readMigrations } from "../../src/db/schemaEngine.ts";

/**
 * Small pools: tap runs several test files at once against one PostgreSQL server. No riding out
 * failovers: tests that make the database unavailable expect their 503 at once (test/db/failover.test.ts
 * sets its own wait).
 */
const TEST_POOL = { max: 4, failoverWaitMillis: 0 };

/**
 * A migrated database: the PostgreSQL database of DATABASE_URL, shared by test files running in
 * parallel (so tests create their own organizations and never truncate), or else a fresh in-memory PGlite.
 */
export async function openTestDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, pool: TEST_POOL });
    if (!migratedDatabases.has(databaseUrl)) migratedDatabases.set(databaseUrl, database.migrate());
    await migratedDatabases.get(databaseUrl);
    return database;
  }
  return openTestPgliteDatabase();
}

/**
 * A migrated database no other test file uses, for a service that runs background workers: they claim what is due
 * in their database, another file's deliveries too. A copy of the migrated template on the DATABASE_URL server,
 * dropped when closed, or else a fresh in-memory PGlite.
 */
export async function openOwnTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) return openTestPgliteDatabase();
  const own = await createMigratedPostgresDatabase();
  const database = await openDatabase({ databaseUrl: own.url, pool: TEST_POOL });
  return {
    ...database,
    async close() {
      await database.close();
      await own.drop();
    },
  };
}

// Checked once per test process and database (database.migrate() runs the schema engine only when a migration is missing).
const migratedDatabases = new Map<string, Promise<unknown>>();

/** A fresh, migrated in-memory PGlite database, whether DATABASE_URL is set or not. */
export async function openTestPgliteDatabase(): Promise<Database> {
  return databaseOnPglite(await openMigratedPglite());
}

/** A fresh in-memory PGlite with the migrations of prisma/migrations applied. */
export async function openMigratedPglite(): Promise<PGlite> {
  return createPglite(IN_MEMORY, { loadDataDir: await migratedPgliteImage() });
}

/** The error `work` fails with; throws if it succeeds. */
export async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the database to fail");
}

export interface OwnPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database on the DATABASE_URL server, for tests that need one of their own. */
export function createEmptyPostgresDatabase(): Promise<OwnPostgresDatabase> {
  return createPostgresDatabase(serverOfTests());
}

/** A new database on the DATABASE_URL server with the migrations applied: a copy of a migrated template. */
export async function createMigratedPostgresDatabase(): Promise<OwnPostgresDatabase> {
  const serverUrl = serverOfTests();
  templateInProcess ??= migratedTemplate(serverUrl);
  return createPostgresDatabase(serverUrl, await templateInProcess);
}

function serverOfTests(): string {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("a database of a test's own needs DATABASE_URL");
  return serverUrl;
}

async function createPostgresDatabase(serverUrl: string, template?: string): Promise<OwnPostgresDatabase> {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  await runAdminStatement(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  return {
    url: urlWithDatabase(serverUrl, name),
    drop: () => runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

// Copying a migrated template takes a CREATE DATABASE; migrating an empty database takes seconds of DDL. The
// template is named by a hash of the migrations, so it can never be stale, and built once per server: test
// processes building it at the same time queue on an advisory lock; one marked IS_TEMPLATE is complete.
let templateInProcess: Promise<string> | undefined;

async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${await migrationsKey()}`;
  const admin = new pg.Client({ connectionString: urlWithDatabase(serverUrl, "postgres") });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    const { rows } = await admin.query<{ complete: boolean }>("SELECT datistemplate AS complete FROM pg_database WHERE datname = $1", [name]);
    if (rows[0]?.complete) return name;
    if (rows[0]) await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`); // a build that was interrupted
    await admin.query(`CREATE DATABASE "${name}"`);
    await deployMigrations({ kind: "postgres", url: urlWithDatabase(serverUrl, name) });
    await admin.query(`ALTER DATABASE "${name}" IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.end(); // and with the session, its lock
  }
}

// Creating a PGlite database runs initdb (~3 s); loading the data directory of an already migrated one
// takes ~0.7 s of CPU, and ~0.4 s more when the image is gzipped, so it is kept as a plain tar (42 MB).
// The image is cached in the OS temp folder under a hash of the migrations and the PGlite version, so it
// can never be stale; it is built by applying the real migrations.
let imageInProcess: Promise<Blob> | undefined;
let imageFile: Promise<string> | undefined;

function migratedPgliteImage(): Promise<Blob> {
  imageInProcess ??= migratedPgliteImageFile().then(async (file) => new Blob([await readFile(file)]));
  return imageInProcess;
}

/** The cached image's file, a tar of a migrated PGlite data directory (built first if need be). */
export function migratedPgliteImageFile(): Promise<string> {
  imageFile ??= cachedOrBuiltImageFile();
  return imageFile;
}

async function cachedOrBuiltImageFile(): Promise<string> {
  const file = join(tmpdir(), "pglite-test-images", `${await imageKey()}.tar`);
  const cached = await access(file).then(() => true, () => false);
  if (!cached) await writeAtomically(file, await buildMigratedImage());
  return file;
}

async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite"); // <package>/dist/index.cjs
  const packageJson = JSON.parse(await readFile(join(entry, "..", "..", "package.json"), "utf8"));
  return packageJson.version as string;
}

async function imageKey(): Promise<string> {
  return migrationsKey(await pgliteVersion());
}

/** A hash of prisma/migrations (and of `context`, what else the result depends on). */
async function migrationsKey(context = ""): Promise<string> {
  const { migrationDirectories } = await readMigrations();
  return sha256(context + JSON.stringify(migrationDirectories)).slice(0, 32);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function buildMigratedImage(): Promise<Buffer> {
  const db = await openPglite("memory://");
  try {
    await deployMigrations({ kind: "pglite", db });
    return Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Test files run in parallel: write to a private name, then rename, so no reader sees half a file. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  await mkdir(join(file, ".."), { recursive: true });
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(partial, content);
  await rename(partial, file);
}
