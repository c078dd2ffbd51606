import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Database, databaseOnPglite, openDatabase } from "../../src/db/database.ts";
import { openPglite, pgliteExtensions } from "../../src/db/pglite.ts";
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
    await database.migrate();
    return database;
  }
  return openTestPgliteDatabase();
}

/** A fresh, migrated in-memory PGlite database, whether DATABASE_URL is set or not. */
export async function openTestPgliteDatabase(): Promise<Database> {
  return databaseOnPglite(await openMigratedPglite());
}

/** A fresh in-memory PGlite with the migrations of prisma/migrations applied. */
export async function openMigratedPglite(): Promise<PGlite> {
  const db = new PGlite("memory://", { extensions: pgliteExtensions, loadDataDir: await migratedPgliteImage() });
  await db.waitReady;
  return db;
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

/** A new empty database on the DATABASE_URL server, for tests that need one of their own. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("createEmptyPostgresDatabase needs DATABASE_URL");
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  await runAdminStatement(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    url: urlWithDatabase(serverUrl, name),
    drop: () => runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
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
  const [version, migrations] = await Promise.all([pgliteVersion(), readMigrations()]);
  return createHash("sha256")
    .update(version)
    .update(JSON.stringify(migrations.migrationDirectories))
    .digest("hex")
    .slice(0, 32);
}

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
