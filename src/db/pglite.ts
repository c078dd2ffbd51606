import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Extensions every PGlite instance of this service loads (migration 0001 creates pg_trgm). */
export const pgliteExtensions = { pg_trgm };

/** `dataDir` is a folder path or 'memory://'. */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const db = new PGlite(dataDir, { extensions: pgliteExtensions });
  await db.waitReady;
  return db;
}
