import { link, readFile, unlink, writeFile } from "node:fs/promises";
import { readFileSync, unlinkSync } from "node:fs";
import { resolve } from "node:path";

/** The embedded database's folder is held by another live process. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${folder} is in use by process ${pid}: PGlite serves one process at a time. ` +
        "Stop that process first (a running service: stop it, run the command, start it again).",
    );
    this.name = "DatabaseInUseError";
  }
}

export interface FolderLock {
  release(): Promise<void>;
}

/** Lock files this process holds: finding its own PID in one it does not hold means a previous life left it. */
const held = new Set<string>();

/**
 * A process killed but not yet reaped by its parent (a zombie, state Z; X while it is being reaped)
 * still answers kill(pid, 0), yet holds nothing: where PID 1 reaps lazily, as some container inits
 * do, a restart right after a crash would otherwise be refused. Without /proc (not Linux) a process
 * that answers counts as alive.
 */
function isExited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state …": the command may hold spaces and parentheses, the state follows the last ")".
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isExited(pid);
}

async function holderOf(lockPath: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function takeLock(folder: string, draft: string, lockPath: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await link(draft, lockPath);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = await holderOf(lockPath);
    if (holder !== undefined && isAlive(holder)) throw new DatabaseInUseError(folder, holder);
    await unlink(lockPath).catch(() => {});
  }
  const holder = await holderOf(lockPath);
  throw new DatabaseInUseError(folder, holder ?? 0);
}

/**
 * Holds `<folder>.lock`, a file holding this process's PID, until release() or exit. The file is written
 * beside the lock and hard-linked into place, so it never exists without its PID. A lock whose process
 * is gone (killed, crashed, a zombie) is taken over; a live one is a DatabaseInUseError.
 */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const lockPath = `${resolve(folder)}.lock`;
  if (held.has(lockPath)) throw new DatabaseInUseError(folder, process.pid);
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    await takeLock(folder, draft, lockPath);
  } finally {
    await unlink(draft).catch(() => {});
  }
  held.add(lockPath);
  const releaseOnExit = () => {
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
  process.once("exit", releaseOnExit);
  return {
    async release() {
      if (!held.delete(lockPath)) return;
      process.off("exit", releaseOnExit);
      await unlink(lockPath).catch(() => {});
    },
  };
}
