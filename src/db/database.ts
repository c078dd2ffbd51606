// Caveats, verified on PGlite 0.5.16 + pglite-prisma-adapter 0.7.2 and PostgreSQL 15 + @prisma/adapter-pg 7.10.1:
// - $queryRaw results: count(*), sum(int) and bigint columns come back as BigInt (JSON.stringify throws on them:
//   cast with ::int or convert); numeric and avg() as Prisma.Decimal; timestamps as Date; json/jsonb parsed;
//   int[]/text[] as JS arrays. Both adapters return the same types.
// - $queryRaw/$executeRaw parameters: a JS array binds as a PostgreSQL array (`= ANY(${ids}::int[])`,
//   `${names}::text[]`, empty arrays too); an object or a JSON string binds with `${value}::jsonb`. A parameter
//   without a cast in a SELECT list comes back as text (`${5} AS n` gives "5", an uncast Date a
//   "2024-01-01 00:00:00" string): cast it.
// - PGlite is a single connection. An interactive transaction holds it exclusively and every other query or
//   transaction queues behind it (PGlite serializes them itself; nothing interleaves). Hence: inside
//   `$transaction(async (tx) => ...)` use only `tx`, since a query on the outer client waits for the transaction
//   and it times out after 5 s; isolation levels are ignored, but every transaction runs alone, which is at
//   least as strict as Serializable; and the time spent queuing counts against maxWait, so PGlite gets a longer
//   one (PGLITE_TRANSACTION_MAX_WAIT_MS).
// - One process per PGlite data folder: PGlite does not coordinate with other processes, so openPglite locks the
//   folder and a second process (the admin CLI, migrate:deploy, another server) is refused (DatabaseInUseError).
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client.ts";
import { DEFAULTS } from "../config.ts";
import { poolDriver, type Driver } from "./driver.ts";
import { listen, type Listener, type Listening } from "./notifications.ts";
import { IN_MEMORY, openPglite } from "./pglite.ts";
import { createPool } from "./pgPool.ts";
import { setFailoverWait } from "./retries.ts";
import { deployMigrations, readMigrations, type MigrationTarget } from "./schemaEngine.ts";

export interface PoolOptions {
  max?: number;
  connectionTimeoutMillis?: number;
  statementTimeoutMillis?: number;
  idleTimeoutMillis?: number;
  /** How long a request rides out a failover or restart of the server before it fails as unavailable (retries.ts). */
  failoverWaitMillis?: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** The service's data folder (default: DATA_DIR's, src/config.ts): PGlite lives in `${dataDir}/pglite`. 'memory://' for a throwaway database. */
  dataDir?: string;
  pool?: PoolOptions;
}

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** The hot paths' statements (each domain's sql.ts) on the driver under Prisma's adapter: the same pool, the same PGlite. */
  driver: Driver;
  /** Applies pending migrations; returns the names of those just applied. */
  migrate(): Promise<string[]>;
  /** SELECT 1; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool right now (PGlite has one connection and no pool). */
  poolStats?(): PoolStats;
  /**
   * PostgreSQL only: notifications on the listener's channels, sent by other processes (the admin CLI, other
   * instances). PGlite has no other process: its folder is locked to one.
   */
  listen?(listener: Listener): Listening;
}

export interface PoolStats {
  inUse: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Prisma's other formats print the call's arguments (a request's data) into error messages, and so into logs. */
const ERROR_FORMAT = "minimal";

export { IN_MEMORY };

/** With Prisma's default maxWait (2 s), 64 of 100 concurrent 50 ms transactions failed with P2028 on PGlite. */
export const PGLITE_TRANSACTION_MAX_WAIT_MS = 20_000;

const DEFAULT_POOL: Required<PoolOptions> = { ...DEFAULTS.pool, idleTimeoutMillis: 30_000 };

export function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl
    ? openPostgresDatabase(options.databaseUrl, options.pool)
    : openPgliteDatabase(options.dataDir ?? DEFAULTS.dataDir);
}

/** Where the embedded database of a data folder lives ('memory://' stays in memory). */
export function pglitePath(dataDir: string): string {
  return dataDir === IN_MEMORY ? IN_MEMORY : join(dataDir, "pglite");
}

async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const path = pglitePath(dataDir);
  if (path !== IN_MEMORY) await mkdir(path, { recursive: true });
  return databaseOnPglite(await openPglite(path));
}

/** Wraps an open PGlite (e.g. one loaded from a data-dir dump); close() closes it. */
export async function databaseOnPglite(db: PGlite): Promise<Database> {
  // Imported here: the adapter imports PGlite, which a service on PostgreSQL never loads (src/db/pglite.ts).
  const [{ PrismaPGlite }, { pgliteDriver }] = await Promise.all([import("pglite-prisma-adapter"), import("./pgliteDriver.ts")]);
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(db),
    errorFormat: ERROR_FORMAT,
    transactionOptions: { maxWait: PGLITE_TRANSACTION_MAX_WAIT_MS, timeout: 5_000 },
  });
  return {
    kind: "pglite",
    prisma,
    driver: pgliteDriver(db),
    migrate: () => migrateUnlessCurrent(prisma, { kind: "pglite", db }),
    ping: () => ping(prisma),
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

async function openPostgresDatabase(url: string, poolOptions: PoolOptions = {}): Promise<Database> {
  const options = { ...DEFAULT_POOL, ...poolOptions };
  const pool = createPool(url, options);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), errorFormat: ERROR_FORMAT });
  setFailoverWait(prisma, options.failoverWaitMillis);
  return {
    kind: "postgres",
    prisma,
    driver: poolDriver(pool),
    // Separate short-lived pool: ending it releases the migration advisory lock.
    migrate: () => migrateUnlessCurrent(prisma, { kind: "postgres", url }),
    ping: () => ping(prisma),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (listener) => listen(url, listener),
  };
}

async function ping(prisma: PrismaClient): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/**
 * Runs the schema engine only when the database lacks a migration of prisma/migrations, has one that differs, or has
 * one that failed: loading the engine costs ~0.7 s of CPU, on every start of the service and every admin command,
 * and most find nothing to apply. Read without the migration lock: a deploy under way leaves a migration unfinished,
 * and the engine then waits for it under the lock.
 */
async function migrateUnlessCurrent(prisma: PrismaClient, target: MigrationTarget): Promise<string[]> {
  const [table] = await prisma.$queryRaw<{ tracked: boolean }[]>`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS tracked`;
  if (!table?.tracked) return deployMigrations(target);
  const rows = await prisma.$queryRaw<{ name: string; checksum: string; finished: boolean; rolledBack: boolean }[]>`
    SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack" FROM _prisma_migrations`;
  if (rows.some(({ finished, rolledBack }) => !finished && !rolledBack)) return deployMigrations(target);
  const applied = new Set(rows.filter(({ finished, rolledBack }) => finished && !rolledBack).map(({ name, checksum }) => `${name} ${checksum}`));
  const { migrationDirectories } = await readMigrations();
  const current = migrationDirectories.every(({ path, migrationFile: { content } }) =>
    content.tag === "ok" && applied.has(`${path} ${createHash("sha256").update(content.value).digest("hex")}`),
  );
  return current ? [] : deployMigrations(target);
}
