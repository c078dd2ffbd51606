// The hot paths' statements run on the driver under Prisma's adapter (the same pg pool, the same
// PGlite instance), not through Prisma's client: its runtime costs about 100 µs of CPU per statement
// more than the driver, and sends every statement unnamed, so that PostgreSQL parses and plans it
// each time. On PostgreSQL each statement is named, so that each connection prepares it once; on PGlite
// likewise (./pgliteDriver.ts).
// Each domain keeps its statements in its own sql.ts (src/threads/sql.ts, …); shared JSON fragments live in ./json.ts.
import type pg from "pg";
import { failoverWaitOf, retryingTransaction } from "./retries.ts";
import { valuesOf, type Statement } from "./statement.ts";

export interface DriverQueries {
  /** The statement's rows for these values of its named parameters (src/db/statement.ts). */
  rows<Params, Row>(statement: Statement<Params, Row>, params: NoInfer<Params>): Promise<Row[]>;
}

export interface Driver extends DriverQueries {
  /**
   * One transaction on one connection, run again on conflicts and across a failover as `inTransaction` runs Prisma's:
   * `work` must do nothing outside the database that cannot be repeated (what must wait for the commit goes to `afterCommit`).
   */
  transaction<T>(work: (tx: TransactionQueries) => Promise<T>): Promise<T>;
  /**
   * Work whose statements each commit on their own: no BEGIN, no COMMIT (on PostgreSQL, three round trips fewer, the
   * commit's probe included). Only for work that writes in its last statement at most, so that it is all or nothing as a
   * transaction is. Run again as `transaction` runs its work on a conflict or a vanished reference; across a failover
   * each statement rides out what it safely can (a read, a write never sent), and a write whose outcome is unknown is
   * never run again. `afterCommit` runs its callback once the work has ended.
   */
  autocommit<T>(work: (queries: TransactionQueries) => Promise<T>): Promise<T>;
}

/** The queries of a transaction under way. */
export interface TransactionQueries extends DriverQueries {
  /** Runs `callback` once the transaction has committed; never when it rolls back, nor for an attempt run again. It must not throw. */
  afterCommit(callback: () => void): void;
}

/**
 * Runs `work` through `retrying` (which runs it once per attempt, on that attempt's queries), then the
 * callbacks that the attempt which committed left for after its commit.
 */
export async function committing<T>(retrying: (attempt: (queries: DriverQueries) => Promise<T>) => Promise<T>, work: (tx: TransactionQueries) => Promise<T>): Promise<T> {
  let callbacks: (() => void)[] = [];
  const result = await retrying((queries) => {
    const own: (() => void)[] = (callbacks = []);
    return work({ ...queries, afterCommit: (callback) => void own.push(callback) });
  });
  for (const callback of callbacks) callback();
  return result;
}

/** Runs `work` on `queries` outside a transaction (Driver.autocommit): marked as committing from the start, so that a failure is run again only when it proves nothing was written. */
export function autocommitting<T>(queries: DriverQueries, work: (queries: TransactionQueries) => Promise<T>): Promise<T> {
  return committing((run) => retryingTransaction((attempt) => {
    attempt.committing();
    return run(queries);
  }, 0), work);
}

/** The driver's named statements on one pg pool or client (a transaction's, or a script's own connection). */
export function queriesOn(client: pg.Pool | pg.ClientBase): DriverQueries {
  return {
    async rows<Params, Row>(statement: Statement<Params, Row>, params: Params) {
      const result = await client.query({ name: statement.name, text: statement.text, values: valuesOf(statement, params) });
      return result.rows as Row[];
    },
  };
}

export function poolDriver(pool: pg.Pool): Driver {
  const queries = queriesOn(pool);
  return {
    ...queries,
    autocommit: (work) => autocommitting(queries, work),
    transaction: (work) =>
      committing((run) => retryingTransaction(async (attempt) => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const result = await run(queriesOn(client));
          attempt.committing();
          await client.query("COMMIT");
          client.release();
          return result;
        } catch (error) {
          // A connection that cannot even roll back is closed rather than pooled.
          const broken = await client.query("ROLLBACK").then(
            () => undefined,
            (rollbackError: Error) => rollbackError,
          );
          client.release(broken);
          throw error;
        }
      }, failoverWaitOf(pool)), work),
  };
}
