import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockFolder } from "./folderLock.ts";

/** Extensions every PGlite instance of this service loads (migration 0001 creates pg_trgm). */
export const pgliteExtensions = { pg_trgm };

export const IN_MEMORY = "memory://";

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
    const db = new PGlite(dataDir, { extensions: pgliteExtensions, relaxedDurability: false });
    await db.waitReady;
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
