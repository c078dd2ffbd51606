import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pglitePath } from "../../src/db/database.ts";
import { createEmptyPostgresDatabase, createMigratedPostgresDatabase, migratedPgliteImageFile } from "./database.ts";

const root = new URL("../../", import.meta.url).pathname;

/**
 * Settings for a service process on a migrated, empty database of its own: a new PostgreSQL database, or a
 * folder holding a PGlite database. With `emptyFolder`, the database is empty, as on a first start: the
 * process then runs every migration (and on PGlite initdb, about 8 s of CPU) that other tests need not pay.
 */
export async function freshDatabaseEnv(t: { teardown(fn: () => unknown): void }, { emptyFolder = false } = {}): Promise<NodeJS.ProcessEnv> {
  if (process.env.DATABASE_URL) {
    const database = emptyFolder ? await createEmptyPostgresDatabase() : await createMigratedPostgresDatabase();
    t.teardown(() => database.drop());
    return { DATABASE_URL: database.url };
  }
  const dataDir = await mkdtemp(join(tmpdir(), "service-data-"));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  if (!emptyFolder) await extractTar(await migratedPgliteImageFile(), pglitePath(dataDir));
  return { DATA_DIR: dataDir, DATABASE_URL: "" };
}

async function extractTar(file: string, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await promisify(execFile)("tar", ["-xf", file, "-C", folder]);
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The admin CLI (`npm run admin -- …`) with these settings. */
export const runAdmin = (env: NodeJS.ProcessEnv, ...args: string[]) => runScript(["scripts/admin.ts", ...args], env);

export interface RunningService {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

const SERVER_COMMAND = [process.execPath, "--import", "tsx", "src/server.ts"];

/**
 * Starts `src/server.ts` (or another command that runs it, e.g. `npm start`) on a free port and resolves once it
 * is ready: it listens, and a first start has printed its keys.
 */
export function startServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000, [command, ...args] = SERVER_COMMAND): Promise<RunningService> {
  const child = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening || !output.includes("service ready")) return;
      clearTimeout(timer);
      resolve({
        child,
        url: listening[1]!,
        output: () => output,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Starting a service on a machine busy with parallel test files can take well over the usual minute. */
export const SLOW_START_TIMEOUT_MS = 120_000;
