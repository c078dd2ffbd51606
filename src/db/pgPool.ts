// The PostgreSQL connection pool, made to ride out a failover or a restart of the server (a
// Patroni switchover stops the primary: statements in flight get 57P01, new connections 57P03 or
// a closed socket until HAProxy points at the new primary): connecting is tried again, a single
// statement runs again when that cannot repeat a write, and a COMMIT whose answer was lost with
// the connection is looked up on the server instead of being reported as failed.
import pg from "pg";
import { isDatabaseUnavailable, isPassingUnavailability, NotCommittedError } from "./failures.ts";
import { GuardedClient } from "./guardedClient.ts";
import { ridingOutOutages, setFailoverWait } from "./retries.ts";

export interface PgPoolOptions {
  max: number;
  connectionTimeoutMillis: number;
  statementTimeoutMillis: number;
  idleTimeoutMillis: number;
  /** How long connecting, statements and looking up a lost COMMIT ride out a failover (retries.ts). */
  failoverWaitMillis: number;
}

type AnyQuery = (...args: unknown[]) => Promise<pg.QueryResult>;

export function createPool(url: string, options: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    idleTimeoutMillis: options.idleTimeoutMillis,
    statement_timeout: options.statementTimeoutMillis,
    // JIT compiles a statement whose estimated cost passes jit_above_cost, which the statistics'
    // statements do at 1M messages on misestimated edge rows: 250-300 ms of compiling for 10-50 ms
    // of work (docs/performance.md, "At ten million messages"). No statement of the service reads
    // enough rows to win it back.
    options: "-c jit=off",
    // A reply the driver cannot parse fails its statement rather than the process.
    Client: GuardedClient,
  });
  // An idle client that breaks (e.g. server restart) is discarded; the next query reconnects.
  pool.on("error", () => {});
  setFailoverWait(pool, options.failoverWaitMillis);
  connectingAgain(pool, options.failoverWaitMillis);
  runningStatementsAgain(pool, options.failoverWaitMillis);
  watchingConnections(pool, options.failoverWaitMillis);
  return pool;
}

/** Nothing was sent on a connection that failed to open: connecting again is always safe. */
function connectingAgain(pool: pg.Pool, waitMs: number): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // pg-pool's own query() calls connect with a callback.
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: boolean | Error) => void) => void) => {
    const connecting = ridingOutOutages(waitMs, connect);
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }) as typeof pool.connect;
}

const statementText = (config: unknown) => String(typeof config === "string" ? config : (config as { text?: unknown } | undefined)?.text ?? "");

/** The server answered the statement with an error: PostgreSQL aborted it, so it wrote nothing. */
const answeredWithError = (error: unknown) => {
  const { severity, code } = (error ?? {}) as { severity?: unknown; code?: unknown };
  return typeof severity === "string" && typeof code === "string";
};

/** pg refuses a statement on a connection it knows is broken before sending anything. */
const neverSent = (error: unknown) => error instanceof Error && /is not queryable$/.test(error.message);

/**
 * A statement outside a transaction (pool.query) runs again when that cannot repeat a write: it
 * reads, or it never reached the server, or the server answered it with an error. A write whose
 * connection broke while it ran may have committed, and is not run again.
 */
function runningStatementsAgain(pool: pg.Pool, waitMs: number): void {
  const query = pool.query.bind(pool) as AnyQuery;
  pool.query = ((...args: unknown[]) => {
    if (args.some((arg) => typeof arg === "function")) return query(...args);
    const reads = /^\s*SELECT\b/i.test(statementText(args[0]));
    return ridingOutOutages(waitMs, () => query(...args), (error) => reads || neverSent(error) || answeredWithError(error));
  }) as typeof pool.query;
}

/**
 * Asked in the transaction just before COMMIT: its transaction id (none if it wrote nothing), the
 * end of the WAL it wrote so far, and which server process this is. Named, so that each connection
 * plans it once: every write transaction pays this round trip.
 */
const PROBE = { name: "commit_probe", text: `SELECT x::text AS xid, CASE WHEN x IS NULL THEN NULL ELSE pg_current_wal_insert_lsn()::text END AS lsn,
  pg_postmaster_start_time()::text AS started FROM pg_current_xact_id_if_assigned() AS x` };

interface Probe {
  xid: string | null;
  lsn: string | null;
  started: string;
}

/**
 * Asked on the current primary after a COMMIT's answer was lost. A transaction id is reused after a
 * failover when the new primary never received the WAL that assigned it, so its status counts
 * only on the same server process (its ids went on without a gap) or on a server whose history
 * holds that WAL: it replayed, before its promotion, past the transaction's last record.
 */
const OUTCOME_SQL = `SELECT pg_xact_status($1::xid8)::text AS status, pg_postmaster_start_time()::text = $2 AS same_server,
  coalesce(pg_last_wal_replay_lsn() >= $3::pg_lsn, false) AS replayed`;

type Outcome = "committed" | "aborted" | "unknown";

interface OutcomeRow {
  status: string | null;
  same_server: boolean;
  replayed: boolean;
}

async function outcomeOf(pool: pg.Pool, probe: Probe, waitMs: number): Promise<Outcome> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let row: OutcomeRow;
    try {
      row = (await pool.query<OutcomeRow>(OUTCOME_SQL, [probe.xid, probe.started, probe.lsn])).rows[0]!;
    } catch {
      return "unknown";
    }
    const trusted = row.same_server || row.replayed;
    if (trusted && (row.status === "committed" || row.status === "aborted")) return row.status;
    // In progress on the same server: its session has not yet noticed that its client is gone.
    if (!(row.same_server && row.status === "in progress") || Date.now() > deadline) return "unknown";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const COMMITTED: pg.QueryResult = { command: "COMMIT", rowCount: null, oid: 0, rows: [], fields: [] };

/**
 * COMMIT on a connection of the pool. When it fails with a passing unavailability, either nothing
 * was committed (NotCommittedError: never sent, answered with an error, nothing written, or the
 * server says it aborted), or the server says it committed (it succeeds), or the outcome stays
 * unknown (the error as it came: a 503, never run again).
 */
async function commitFindingOutcome(pool: pg.Pool, query: AnyQuery, args: unknown[], waitMs: number): Promise<pg.QueryResult> {
  let probe: Probe;
  try {
    probe = ((await query(PROBE)) as pg.QueryResult<Probe>).rows[0]!;
  } catch (error) {
    // The connection broke before COMMIT was sent, and the transaction with it.
    if (isPassingUnavailability(error)) throw new NotCommittedError(error);
    return query(...args);
  }
  try {
    return await query(...args);
  } catch (error) {
    if (!isPassingUnavailability(error)) throw error;
    if (neverSent(error) || answeredWithError(error) || probe.xid === null) throw new NotCommittedError(error);
    const outcome = await outcomeOf(pool, probe, waitMs);
    if (outcome === "committed") return { ...COMMITTED };
    if (outcome === "aborted") throw new NotCommittedError(error);
    throw error;
  }
}

/**
 * Each connection of the pool: its COMMITs find out their outcome (commitFindingOutcome), and a
 * connection on which the server answered "unavailable" (e.g. 25006: it became a read-only
 * standby in a failover), or that broke, is closed when released instead of going back to the
 * pool, so that the next request connects afresh, to the new primary. Connections the server
 * closed are dropped by pg-pool itself; it drops a released client that is not `_queryable` (its
 * documented-in-code test).
 */
function watchingConnections(pool: pg.Pool, waitMs: number): void {
  const unusable = new WeakSet<pg.PoolClient>();
  pool.on("connect", (client) => {
    // A connection the server closes while it is checked out (57P01 admin shutdown, a restart) emits
    // 'error'; pg-pool listens only while it is idle, and an unheard 'error' would end the process.
    client.on("error", () => unusable.add(client));
    const query = client.query.bind(client) as AnyQuery;
    client.query = ((...args: unknown[]) => {
      const commits = /^\s*COMMIT\s*;?\s*$/i.test(statementText(args[0])) && !args.some((arg) => typeof arg === "function");
      const result = commits ? commitFindingOutcome(pool, query, args, waitMs) : query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) unusable.add(client);
        });
      }
      return result;
    }) as typeof client.query;
  });
  pool.on("release", (_error, client) => {
    if (unusable.has(client)) (client as unknown as { _queryable: boolean })._queryable = false;
  });
}
