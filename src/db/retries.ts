// The one retry policy of the data layer, for every path to the database (Prisma's client and
// transactions, and the pg pool under them): what may run again, how often, and for how long.
import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { isNotCommitted, isPassingUnavailability, isTransientConflict, isVanishedReference } from "./failures.ts";

export const MAX_TRANSACTION_ATTEMPTS = 5;
const CONFLICT_BASE_DELAY_MS = 10;
/**
 * A switchover leaves no primary for a few hundred ms: try again soon, then every 100 ms, so that
 * a request waiting for the new primary gets it within 100 ms of HAProxy pointing at it.
 */
const OUTAGE_FIRST_PAUSE_MS = 25;
const OUTAGE_MAX_PAUSE_MS = 100;

const failoverWaits = new WeakMap<object, number>();

/** Sets how long work on this client (a PrismaClient, a pg pool) rides out a failover; unset: 0, it does not (PGlite). */
export function setFailoverWait(client: object, waitMs: number): void {
  failoverWaits.set(client, waitMs);
}

export function failoverWaitOf(client: object): number {
  return failoverWaits.get(client) ?? 0;
}

/**
 * The deadline of the outermost riding out in progress: a transaction's connect, or a statement's,
 * rides out the outage within what is left of it, so that nested retries never wait more than once.
 */
const outageDeadline = new AsyncLocalStorage<number>();
let attemptsAgainUnderWay = 0;

function deadlineAfter(waitMs: number): number {
  const own = Date.now() + waitMs;
  return Math.min(own, outageDeadline.getStore() ?? own);
}

/**
 * A first attempt runs as it is, and only the attempts after a failure carry their deadline to
 * the retries nested in them. An AsyncLocalStorage in use costs every promise of the process a
 * hook (17 µs of CPU per memory lookup, measured), so it is in use only while some attempt runs
 * again: the last one to end disables it. A retry nested in a first attempt keeps a deadline of its
 * own, and once that passes the outer one has passed too.
 */
async function attemptAgain<T>(deadline: number, attempt: () => Promise<T>): Promise<T> {
  attemptsAgainUnderWay++;
  try {
    return await outageDeadline.run(deadline, attempt);
  } finally {
    if (--attemptsAgainUnderWay === 0) outageDeadline.disable();
  }
}

const outagePause = (attempt: number) => Math.min(OUTAGE_FIRST_PAUSE_MS * 2 ** attempt, OUTAGE_MAX_PAUSE_MS);

/**
 * Runs `attempt` again while it fails with a passing unavailability (isPassingUnavailability) and
 * `mayRunAgain(error)` says that running it again cannot repeat a write, until `waitMs` have
 * passed since the first attempt; then the last error is thrown.
 */
export async function ridingOutOutages<T>(waitMs: number, attempt: () => Promise<T>, mayRunAgain: (error: unknown) => boolean = () => true): Promise<T> {
  const deadline = deadlineAfter(waitMs);
  for (let failures = 0; ; failures++) {
    try {
      return await (failures === 0 ? attempt() : attemptAgain(deadline, attempt));
    } catch (error) {
      const pause = outagePause(failures);
      if (!isPassingUnavailability(error) || !mayRunAgain(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

export interface TransactionAttempt {
  /** The work is done and COMMIT is next: from here on a failure runs the transaction again only if it proves nothing was committed. */
  committing(): void;
}

/**
 * Runs a whole transaction again
 * - when PostgreSQL says to (a deadlock or serialization failure), or when a row it refers to was
 *   deleted meanwhile (23503): run again, its lookups see the row gone and answer the 404 the
 *   request would have got a moment later. At most MAX_TRANSACTION_ATTEMPTS runs, waiting a random
 *   time up to 20, 40, 80, … ms in between so that the contenders spread out;
 * - when the database was switching over or restarting (a passing unavailability), for up to
 *   `failoverWaitMs`, but only when the failure came before COMMIT was sent, or the COMMIT's failure
 *   proves nothing was committed (NotCommittedError): a COMMIT whose outcome is unknown is never
 *   run again, so no write is ever doubled.
 * `run` marks when it is about to commit; it must do nothing outside the database that cannot be repeated.
 */
export async function retryingTransaction<T>(run: (attempt: TransactionAttempt) => Promise<T>, failoverWaitMs: number): Promise<T> {
  const deadline = deadlineAfter(failoverWaitMs);
  for (let conflicts = 1, outages = 0; ; ) {
    let committing = false;
    const attempt = () => run({ committing: () => void (committing = true) });
    try {
      return await (conflicts === 1 && outages === 0 ? attempt() : attemptAgain(deadline, attempt));
    } catch (error) {
      if (isTransientConflict(error) || isVanishedReference(error)) {
        if (conflicts >= MAX_TRANSACTION_ATTEMPTS) throw error;
        await sleep(Math.random() * CONFLICT_BASE_DELAY_MS * 2 ** conflicts++);
        continue;
      }
      const pause = outagePause(outages++);
      const nothingCommitted = !committing || isNotCommitted(error);
      if (!isPassingUnavailability(error) || !nothingCommitted || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}
