import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Extensions every PGlite instance of this service loads (migration 0001 creates pg_trgm). */
export const pgliteExtensions = { pg_trgm };

/** `dataDir` is a folder path or 'memory://'. */
export async function openPglite(dataDir: string): Promise<PGlite> {
  // In a folder, PGlite writes through Node's fs as PostgreSQL does, so a commit has reached the OS before it is
  // acknowledged and survives the process being killed (relaxedDurability, which lets queries return before the
  // file system is synced, stays off). Its fs cannot fsync: a power loss may lose the last commits.
  const db = new PGlite(dataDir, { extensions: pgliteExtensions, relaxedDurability: false });
  await db.waitReady;
  return db;
}
