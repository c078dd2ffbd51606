import type { SqlRunner } from "./dataset.ts";

/**
 * Settings of the seed's connections, for as long as they are open (a seed that fails leaves nothing
 * changed). `session_replication_role = replica` fires no trigger: neither the service's (search
 * documents, daily counts), which the seed writes itself (seedThreadBatch, recountFeedback), nor
 * the foreign keys' checks, one lookup per row, which rows generated from each other's ids pass anyway.
 * `maintenanceWorkMem` sorts an index build in memory: PostgreSQL can spare 1GB per build, PGlite's
 * WebAssembly heap less.
 */
export async function startSeedSession(connections: SqlRunner[], maintenanceWorkMem: string): Promise<void> {
  for (const sql of connections) {
    await sql.query(`SET session_replication_role = replica`);
    await sql.query(`SET synchronous_commit = off`);
    await sql.query(`SET work_mem = '64MB'`);
    await sql.query(`SELECT set_config('maintenance_work_mem', $1, false)`, [maintenanceWorkMem]);
  }
}
