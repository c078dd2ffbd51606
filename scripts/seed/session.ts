import type { SqlRunner } from "./dataset.ts";

/**
 * Settings of the seed's connections, for as long as they are open. `maintenanceWorkMem` sorts an
 * index build in memory: PostgreSQL can spare 1GB per build, PGlite's WebAssembly heap less.
 */
export async function startSeedSession(connections: SqlRunner[], maintenanceWorkMem: string): Promise<void> {
  for (const sql of connections) {
    await sql.query(`SET synchronous_commit = off`);
    await sql.query(`SET work_mem = '64MB'`);
    // A thread batch's estimates (generate_series' thousand rows a call) pass the JIT thresholds: compiling took
    // ~1.2 s of its ~1.6 s at 2,000 threads, for statements that run once.
    await sql.query(`SET jit = off`);
    await sql.query(`SELECT set_config('maintenance_work_mem', $1, false)`, [maintenanceWorkMem]);
  }
}

/**
 * Runs the bulk load with no trigger firing on the connections (`session_replication_role = replica`,
 * for these sessions only: a seed that fails leaves nothing disabled): neither the service's that
 * keep what the load writes itself (the search documents in seedThreadBatch, the daily counts in
 * recountFeedback) nor the foreign keys' checks, one lookup per row, which rows generated from
 * each other's ids pass anyway. Only for the threads, messages, intents and feedback: any other
 * table's triggers (OrganizationCount's, 0009_bounds) keep firing.
 */
export async function withoutTriggers(connections: SqlRunner[], load: () => Promise<void>): Promise<void> {
  for (const sql of connections) await sql.query(`SET session_replication_role = replica`);
  try {
    await load();
  } finally {
    for (const sql of connections) await sql.query(`RESET session_replication_role`);
  }
}
