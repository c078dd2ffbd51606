// Driver-adapter factories for the wasm schema engine. They wrap @prisma/adapter-pg 7.10.1 and
// pglite-prisma-adapter 0.7.2, whose migration paths are broken. adapter-pg splits a script on `;` (so a `;` in a
// comment, string or `$$` body breaks it, and the pieces do not run atomically), connects its "shadow" database to
// the main one, drops the shadow database before ending its pool, and cannot read `"char"` columns. The PGlite
// adapter does not await a script (a failing migration was recorded as applied) and its shadow database has no
// extensions.
import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { openPglite } from "./pglite.ts";
import { runAdminStatement, urlWithDatabase } from "./postgresAdmin.ts";

/** The session-level advisory lock the schema engine takes around applyMigrations (like the native engine). */
export const MIGRATION_LOCK_KEY = 72707369;

export interface MigrationAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  /** The database's own error for the last migration script that failed (the engine keeps only a summary). */
  readonly lastScriptError: ScriptError | undefined;
  /** Releases every connection and shadow database the factory opened. */
  close(): Promise<void>;
}

export interface ScriptError {
  script: string;
  error: unknown;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const LOCK_NOT_AVAILABLE = "55P03";

/** The fields pg's DatabaseError and PGlite's DatabaseError share. */
export interface PostgresErrorFields {
  code: string;
  severity: string;
  message: string;
  detail?: string;
  column?: string;
  hint?: string;
  /** 1-based character offset into the statement text. */
  position?: string;
}

export function isPostgresError(error: unknown): error is PostgresErrorFields {
  const e = error as Partial<PostgresErrorFields> | null;
  return typeof e?.code === "string" && typeof e.severity === "string" && typeof e.message === "string";
}

/** Lets the engine report the database's own error (code, message, detail) instead of a generic JS error. */
function toDriverAdapterError(error: unknown): unknown {
  if (!isPostgresError(error)) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code,
    severity: error.severity,
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}

/** Runs a migration script, remembering its error for a clearer report than the engine's. */
class ScriptRunner {
  lastScriptError: ScriptError | undefined;

  async run(script: string, execute: (script: string) => Promise<unknown>): Promise<void> {
    try {
      await execute(script);
    } catch (error) {
      this.lastScriptError = { script, error };
      throw toDriverAdapterError(error);
    }
  }
}

/** A delegating adapter whose executeScript and dispose are replaced. */
function overrideAdapter(
  adapter: SqlDriverAdapter,
  overrides: Pick<SqlDriverAdapter, "executeScript" | "dispose">,
): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    getConnectionInfo: adapter.getConnectionInfo && (() => adapter.getConnectionInfo!()),
    ...overrides,
  };
}

/** adapter-pg cannot describe `"char"` columns (OID 18), which the engine reads from pg_catalog. */
function reportCharColumnsAsText(client: pg.PoolClient): void {
  const connection = (client as unknown as { connection: EventEmitter }).connection;
  connection.prependListener("rowDescription", (message: { fields: { dataTypeID: number }[] }) => {
    for (const field of message.fields) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
  });
}

export class PostgresMigrationAdapterFactory implements MigrationAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "@prisma/adapter-pg";
  readonly #url: string;
  readonly #pools = new Set<pg.Pool>();
  readonly #shadowDatabases = new Set<string>();
  readonly #scripts = new ScriptRunner();
  #mainPool: pg.Pool | undefined;

  constructor(url: string) {
    this.#url = url;
  }

  /**
   * Takes the engine's advisory lock on the engine's own session before the engine asks for it. The
   * engine then gets it at once (session locks are re-entrant) instead of giving up after its fixed
   * 10 s, so a deploy waits up to `timeoutMs` for a long migration run by another process.
   */
  async acquireMigrationLock(timeoutMs: number): Promise<void> {
    const client = await this.#sessionPool().connect();
    try {
      await client.query(`SET lock_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
      await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    } catch (error) {
      if (isPostgresError(error) && error.code === LOCK_NOT_AVAILABLE) {
        throw new Error(
          `Timed out after ${timeoutMs} ms waiting for advisory lock ${MIGRATION_LOCK_KEY}: another deploy is still running.`,
        );
      }
      throw error;
    } finally {
      await client.query("RESET lock_timeout").catch(() => {});
      client.release();
    }
  }

  get lastScriptError(): ScriptError | undefined {
    return this.#scripts.lastScriptError;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return this.#adapterFor(this.#sessionPool(), async () => {});
  }

  /** adapter-pg's own shadow DB connects to the main database and is dropped before its pool ends. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const database = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await runAdminStatement(this.#url, `CREATE DATABASE "${database}"`);
    this.#shadowDatabases.add(database);
    const pool = this.#openPool(urlWithDatabase(this.#url, database));
    return this.#adapterFor(pool, async () => {
      await this.#endPool(pool);
      await this.#dropShadowDatabase(database);
    });
  }

  /** Ending the pools also releases the engine's session-level advisory lock. */
  async close(): Promise<void> {
    await Promise.all([...this.#pools].map((pool) => this.#endPool(pool)));
    await Promise.all([...this.#shadowDatabases].map((database) => this.#dropShadowDatabase(database)));
  }

  async #adapterFor(pool: pg.Pool, dispose: () => Promise<void>): Promise<SqlDriverAdapter> {
    const adapter = await new PrismaPg(pool).connect();
    return overrideAdapter(adapter, {
      // One simple-protocol query: PostgreSQL runs the whole script as one implicit transaction.
      executeScript: (script) => this.#scripts.run(script, (sql) => pool.query(sql)),
      dispose,
    });
  }

  /** One session on the main database: it holds the advisory lock (the engine never unlocks) until close(). */
  #sessionPool(): pg.Pool {
    this.#mainPool ??= this.#openPool(this.#url);
    return this.#mainPool;
  }

  #openPool(url: string): pg.Pool {
    const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
    pool.on("connect", reportCharColumnsAsText);
    pool.on("error", () => {}); // idle-client errors surface on the next query
    this.#pools.add(pool);
    return pool;
  }

  async #endPool(pool: pg.Pool): Promise<void> {
    if (!this.#pools.delete(pool)) return;
    await pool.end();
  }

  async #dropShadowDatabase(database: string): Promise<void> {
    if (!this.#shadowDatabases.delete(database)) return;
    await runAdminStatement(this.#url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

export class PgliteMigrationAdapterFactory implements MigrationAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "pglite-prisma-adapter";
  readonly #db: PGlite;
  readonly #shadowDatabases = new Set<PGlite>();
  readonly #scripts = new ScriptRunner();

  /** `db` stays open: its owner closes it. */
  constructor(db: PGlite) {
    this.#db = db;
  }

  get lastScriptError(): ScriptError | undefined {
    return this.#scripts.lastScriptError;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return this.#adapterFor(this.#db, async () => {});
  }

  /** The adapter's own shadow DB lacks pg_trgm, so migration 0001 would fail on it. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = await openPglite("memory://");
    this.#shadowDatabases.add(shadow);
    return this.#adapterFor(shadow, () => this.#closeShadow(shadow));
  }

  async close(): Promise<void> {
    await Promise.all([...this.#shadowDatabases].map((shadow) => this.#closeShadow(shadow)));
  }

  async #adapterFor(db: PGlite, dispose: () => Promise<void>): Promise<SqlDriverAdapter> {
    const { PrismaPGlite } = await import("pglite-prisma-adapter"); // as in src/db/database.ts: only PGlite's paths load PGlite
    const adapter = await new PrismaPGlite(db).connect();
    return overrideAdapter(adapter, {
      // The adapter does not await exec(), so a failing migration would be recorded as applied.
      executeScript: (script) => this.#scripts.run(script, (sql) => db.exec(sql)),
      dispose,
    });
  }

  async #closeShadow(shadow: PGlite): Promise<void> {
    if (!this.#shadowDatabases.delete(shadow)) return;
    await shadow.close();
  }
}
