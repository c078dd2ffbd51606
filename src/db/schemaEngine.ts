// Runs Prisma migrations through @prisma/schema-engine-wasm: the native schema-engine binary of
// the prisma CLI is downloaded from Prisma's servers on first use, which machines without internet access cannot reach.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type {
  MigrationDirectory,
  MigrationList,
  SchemaEngine,
  SchemaFilter,
} from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  isPostgresError,
  type MigrationAdapterFactory,
  PgliteMigrationAdapterFactory,
  PostgresMigrationAdapterFactory,
  type ScriptError,
} from "./migrationAdapters.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DEFAULT_MIGRATIONS_DIR = join(PROJECT_ROOT, "prisma", "migrations");
export const DEFAULT_SCHEMA_PATH = join(PROJECT_ROOT, "prisma", "schema.prisma");
export const EMPTY_MIGRATION = "-- This is an empty migration.";

/** A PGlite target stays open after each call; a PostgreSQL target gets its own short-lived pools. */
export type MigrationTarget = { kind: "postgres"; url: string } | { kind: "pglite"; db: PGlite };

export interface MigrationOptions {
  migrationsDir?: string;
  schemaPath?: string;
  /** PostgreSQL: how long a deploy waits for one running elsewhere (default 5 minutes). */
  lockTimeoutMs?: number;
}

export const DEFAULT_LOCK_TIMEOUT_MS = 5 * 60_000;

export interface MigrationStatus {
  /** Migration folders found on disk, in order. */
  localMigrations: string[];
  /** On disk but not applied. */
  unappliedMigrations: string[];
  /** Applied (or failed) in the database but missing on disk. */
  unknownMigrations: string[];
  /** Started but never finished: deploy refuses to continue until they are resolved. */
  failedMigrations: string[];
  /** Applied, but migration.sql changed since (checksum mismatch). */
  editedMigrations: string[];
  upToDate: boolean;
}

const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

type WasmBindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let wasmBindings: Promise<WasmBindings> | undefined;

function loadWasmBindings(): Promise<WasmBindings> {
  wasmBindings ??= instantiateWasm();
  return wasmBindings;
}

async function instantiateWasm(): Promise<WasmBindings> {
  const bindingsPath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bindings: WasmBindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const module = await WebAssembly.compile(await readFile(join(dirname(bindingsPath), "schema_engine_bg.wasm")));
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": withUnrefTimers(bindings) });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings;
}

/** The engine's timers (advisory-lock timeout) would otherwise keep node alive ~10 s after a deploy. */
function withUnrefTimers(bindings: WasmBindings): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...(bindings as unknown as WebAssembly.ModuleImports) };
  for (const name of Object.keys(imports).filter((key) => key.startsWith("__wbg_setTimeout_"))) {
    imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
  }
  return imports;
}

function adapterFactoryFor(target: MigrationTarget): MigrationAdapterFactory {
  return target.kind === "postgres"
    ? new PostgresMigrationAdapterFactory(target.url)
    : new PgliteMigrationAdapterFactory(target.db);
}

async function readSchema(schemaPath: string): Promise<{ path: string; content: string }> {
  return { path: schemaPath, content: await readFile(schemaPath, "utf8") };
}

async function readOptionalFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Reads the migrations folder the way the prisma CLI does: sorted folder names, one migration.sql each. */
export async function readMigrations(migrationsDir = DEFAULT_MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const migrationDirectories = await Promise.all(folders.map((folder) => readMigrationDirectory(migrationsDir, folder)));
  const lockfileContent = await readOptionalFile(join(migrationsDir, "migration_lock.toml"));
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockfileContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

async function readMigrationDirectory(migrationsDir: string, folder: string): Promise<MigrationDirectory> {
  const path = join(migrationsDir, folder, "migration.sql");
  const content = await readOptionalFile(path);
  return {
    path: folder,
    migrationFile: {
      path: "migration.sql",
      content: content === null ? { tag: "error", value: `${path} not found` } : { tag: "ok", value: content },
    },
  };
}

async function withEngine<T>(
  target: MigrationTarget,
  schemaPath: string,
  run: (engine: SchemaEngine, factory: MigrationAdapterFactory) => Promise<T>,
): Promise<T> {
  const bindings = await loadWasmBindings();
  const factory = adapterFactoryFor(target);
  try {
    const schema = await readSchema(schemaPath);
    const engine = await bindings.SchemaEngine.new(
      { datamodels: [[schema.path, schema.content]] },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await run(engine, factory);
    } finally {
      engine.free();
    }
  } catch (error) {
    throw withoutSpanTrace(asError(error));
  } finally {
    await factory.close();
  }
}

/** The engine rejects with Errors whose message ends in a Rust span trace, and sometimes with plain objects. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new Error(typeof message === "string" ? message : JSON.stringify(error));
}

function messageWithoutSpanTrace(message: string): string {
  const traceStart = message.search(/^\s+\d+: /m);
  return (traceStart === -1 ? message : message.slice(0, traceStart)).trim();
}

function withoutSpanTrace(error: Error): Error {
  const message = messageWithoutSpanTrace(error.message);
  return message === error.message ? error : new Error(message, { cause: error });
}

function lineOf(script: string, position: string | undefined): number | undefined {
  const offset = Number(position);
  if (!Number.isInteger(offset) || offset < 1) return undefined;
  return script.slice(0, offset - 1).split("\n").length;
}

function describeScriptError({ script, error }: ScriptError): string {
  if (!isPostgresError(error)) return asError(error).message;
  const line = lineOf(script, error.position);
  return [
    `${error.message} [SQLSTATE ${error.code}]`,
    line === undefined ? "" : ` at line ${line}`,
    error.detail ? `\n${error.detail}` : "",
    error.hint ? `\nHint: ${error.hint}` : "",
  ].join("");
}

function deployError(engineError: unknown, scriptError: ScriptError | undefined): Error {
  const message = asError(engineError).message;
  const failedMigration = /migration_name="([^"]+)"/.exec(message)?.[1];
  if (failedMigration === undefined) {
    return new Error(`Migration deploy failed: ${messageWithoutSpanTrace(message)}`, { cause: engineError });
  }
  const reason = scriptError ? describeScriptError(scriptError) : messageWithoutSpanTrace(message);
  return new Error(
    `Migration ${failedMigration} failed: ${reason}\n` +
      `It is recorded as failed in _prisma_migrations; fix its migration.sql, then run ` +
      `\`tsx scripts/migrate.ts resolve --rolled-back ${failedMigration}\` and deploy again.`,
    { cause: engineError },
  );
}

/**
 * Applies the migrations not yet applied and returns their names. On PostgreSQL the whole run holds
 * advisory lock 72707369, released before this returns, so concurrent deploys run one after the other.
 */
export async function deployMigrations(target: MigrationTarget, options: MigrationOptions = {}): Promise<string[]> {
  const migrationsList = await readMigrations(options.migrationsDir);
  return withEngine(target, options.schemaPath ?? DEFAULT_SCHEMA_PATH, async (engine, factory) => {
    if (factory instanceof PostgresMigrationAdapterFactory) {
      await factory.acquireMigrationLock(options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
    }
    try {
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
      return appliedMigrationNames;
    } catch (error) {
      throw deployError(error, factory.lastScriptError);
    }
  });
}

/** SQL of the next migration: the difference between the migrations folder and schema.prisma. */
export async function diffMigrations(target: MigrationTarget, options: MigrationOptions = {}): Promise<string> {
  const migrationsList = await readMigrations(options.migrationsDir);
  const schema = await readSchema(options.schemaPath ?? DEFAULT_SCHEMA_PATH);
  return withEngine(target, schema.path, async (engine) => {
    const result = await engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? "";
  });
}

export function isEmptyMigration(sql: string): boolean {
  return sql.trim() === "" || sql.trim() === EMPTY_MIGRATION;
}

export async function migrationStatus(target: MigrationTarget, options: MigrationOptions = {}): Promise<MigrationStatus> {
  const migrationsList = await readMigrations(options.migrationsDir);
  return withEngine(target, options.schemaPath ?? DEFAULT_SCHEMA_PATH, async (engine) => {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
    const history = diagnosis.history;
    const unappliedMigrations = history && "unappliedMigrationNames" in history ? history.unappliedMigrationNames : [];
    const unknownMigrations = history && "unpersistedMigrationNames" in history ? history.unpersistedMigrationNames : [];
    return {
      localMigrations: migrationsList.migrationDirectories.map((directory) => directory.path),
      unappliedMigrations,
      unknownMigrations,
      failedMigrations: diagnosis.failedMigrationNames,
      editedMigrations: diagnosis.editedMigrationNames,
      upToDate:
        history === null && diagnosis.failedMigrationNames.length === 0 && diagnosis.editedMigrationNames.length === 0,
    };
  });
}

/** Marks a failed migration as rolled back so that the next deploy applies it again (`prisma migrate resolve --rolled-back`). */
export async function markMigrationRolledBack(
  target: MigrationTarget,
  migrationName: string,
  options: MigrationOptions = {},
): Promise<void> {
  await withEngine(target, options.schemaPath ?? DEFAULT_SCHEMA_PATH, async (engine) => {
    await engine.markMigrationRolledBack({ migrationName });
  });
}
