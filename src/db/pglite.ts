import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import { lockFolder } from "./folderLock.ts";

export const IN_MEMORY = "memory://";

/**
 * A PGlite with the extensions every PGlite of this service loads (migration 0001 creates pg_trgm), ready.
 * PGlite is imported here, on first use: a service or test process on PostgreSQL never loads it (~0.15 s of CPU).
 */
export async function createPglite(dataDir: string, options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  const db = new PGlite(dataDir, { ...options, extensions: { pg_trgm } });
  await db.waitReady;
  return db;
}

/**
 * `dataDir` is a folder path or 'memory://'. A folder is locked while it is open (PGlite does not coordinate
 * processes: a second one would silently lose writes), so a second process gets a DatabaseInUseError.
 */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const lock = dataDir === IN_MEMORY ? undefined : await lockFolder(dataDir);
  try {
    // In a folder, PGlite writes through Node's fs as PostgreSQL does, so a commit has reached the OS before it is
    // acknowledged and survives the process being killed (relaxedDurability, which lets queries return before the
    // file system is synced, stays off). Its fs cannot fsync: a power loss may lose the last commits.
    const db = await createPglite(dataDir, { relaxedDurability: false });
    if (lock) {
      const close = db.close.bind(db);
      db.close = async () => {
        try {
          await close();
        } finally {
          await lock.release();
        }
      };
    }
    return db;
  } catch (error) {
    await lock?.release();
    throw error;
  }
}
