// Migrations CLI on the wasm schema engine (the prisma CLI's native engine is unavailable offline).
// Target: DATABASE_URL (PostgreSQL) when set, else the embedded PGlite in ${DATA_DIR:-./data}/pglite.
//   tsx scripts/migrate.ts deploy
//   tsx scripts/migrate.ts status
//   tsx scripts/migrate.ts create <name>
//   tsx scripts/migrate.ts resolve --rolled-back <name>
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readConfig } from "../src/config.ts";
import { pglitePath } from "../src/db/database.ts";
import { openPglite } from "../src/db/pglite.ts";
import {
  DEFAULT_MIGRATIONS_DIR,
  deployMigrations,
  diffMigrations,
  isEmptyMigration,
  markMigrationRolledBack,
  type MigrationStatus,
  type MigrationTarget,
  migrationStatus,
} from "../src/db/schemaEngine.ts";

const USAGE = "usage: tsx scripts/migrate.ts deploy | status | create <name> | resolve --rolled-back <name>";

class UsageError extends Error {}

interface OpenTarget {
  target: MigrationTarget;
  description: string;
  close(): Promise<void>;
}

async function openTarget(env: NodeJS.ProcessEnv): Promise<OpenTarget> {
  const { databaseUrl: url, dataDir } = readConfig(env);
  if (url) return { target: { kind: "postgres", url }, description: "PostgreSQL (DATABASE_URL)", close: async () => {} };
  const path = pglitePath(dataDir);
  await mkdir(path, { recursive: true });
  const db = await openPglite(path);
  return { target: { kind: "pglite", db }, description: `PGlite in ${path}`, close: () => db.close() };
}

async function deploy({ target, description }: OpenTarget): Promise<void> {
  const applied = await deployMigrations(target);
  console.log(
    applied.length === 0
      ? `${description}: no pending migrations.`
      : `${description}: applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join("\n")}`,
  );
}

function formatStatus(status: MigrationStatus): string {
  const list = (label: string, names: string[]) => (names.length ? [`${label}:`, ...names.map((n) => `  ${n}`)] : []);
  return [
    `${status.localMigrations.length} migration(s) in prisma/migrations.`,
    ...list("Not yet applied", status.unappliedMigrations),
    ...list("Failed (resolve with `resolve --rolled-back <name>` after fixing)", status.failedMigrations),
    ...list("Edited after being applied", status.editedMigrations),
    ...list("Applied but missing from prisma/migrations", status.unknownMigrations),
    status.upToDate ? "Database schema is up to date." : "Database schema is NOT up to date.",
  ].join("\n");
}

/** Exit code 1 when the database is not up to date, as `prisma migrate status` does. */
async function status({ target, description }: OpenTarget): Promise<number> {
  const result = await migrationStatus(target);
  console.log(`${description}\n${formatStatus(result)}`);
  return result.upToDate ? 0 : 1;
}

function migrationSlug(name: string | undefined): string {
  const slug = (name ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (!slug) throw new UsageError(`create needs a migration name\n${USAGE}`);
  return slug;
}

async function nextMigrationNumber(migrationsDir: string): Promise<string> {
  const folders = await readdir(migrationsDir).catch(() => [] as string[]);
  const numbers = folders.map((folder) => Number(/^(\d+)_/.exec(folder)?.[1] ?? 0));
  return String(Math.max(0, ...numbers) + 1).padStart(4, "0");
}

async function create({ target }: OpenTarget, name: string | undefined): Promise<void> {
  const slug = migrationSlug(name);
  const sql = await diffMigrations(target);
  if (isEmptyMigration(sql)) {
    throw new Error("prisma/schema.prisma has no changes since the last migration: nothing to create.");
  }
  const folder = `${await nextMigrationNumber(DEFAULT_MIGRATIONS_DIR)}_${slug}`;
  const file = join(DEFAULT_MIGRATIONS_DIR, folder, "migration.sql");
  await mkdir(join(DEFAULT_MIGRATIONS_DIR, folder), { recursive: true });
  await writeFile(file, sql.endsWith("\n") ? sql : `${sql}\n`);
  console.log(`Created ${file}\nReview it, then run: npm run migrate:deploy`);
}

async function resolve({ target }: OpenTarget, args: string[]): Promise<void> {
  const [flag, name] = args;
  if (flag !== "--rolled-back" || !name) throw new UsageError(`resolve needs --rolled-back <name>\n${USAGE}`);
  await markMigrationRolledBack(target, name);
  console.log(`Marked ${name} as rolled back; the next deploy applies it again.`);
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!["deploy", "status", "create", "resolve"].includes(command ?? "")) throw new UsageError(USAGE);
  const opened = await openTarget(process.env);
  try {
    if (command === "deploy") await deploy(opened);
    if (command === "create") await create(opened, rest[0]);
    if (command === "resolve") await resolve(opened, rest);
    return command === "status" ? await status(opened) : 0;
  } finally {
    await opened.close();
  }
}

// process.exit: nothing left behind (pools, PGlite timers) may keep the process alive.
run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
