import type { DriverQueries, TransactionQueries } from "../db/driver.ts";
import type { ClaimedDelivery } from "./eventSql.ts";

/** A delivery worker that takes the deliveries its own instance writes (the services own it, src/services.ts). */
export interface LocalWorker {
  /** Between its start and its stop: only then are deliveries leased to it. */
  readonly running: boolean;
  /** How long a delivery written for this worker is leased to it, from its insert. */
  readonly handOffLeaseMs: number;
  /** Deliveries committed, leased to this worker since `leasedAt` (performance.now()) at the latest. */
  take(deliveries: ClaimedDelivery[], leasedAt: number): void;
}

export interface OutboxLease {
  /** The lease of the deliveries about to be written (EVENT_DELIVERIES' `leaseMs`). */
  leaseMs: number;
  /** Hands the deliveries written to the worker once the transaction commits. */
  handOff(deliveries: ClaimedDelivery[]): void;
}

const DUE_AT_ONCE: OutboxLease = { leaseMs: 0, handOff: () => {} };

/**
 * How the deliveries that transaction `tx` writes are leased: to this instance's `worker`, which gets them
 * in the process once the transaction commits, with neither a claim's round trip nor its update; other
 * workers take them only if the lease runs out (this instance died, or its worker could not start them
 * in time). Without a worker running here, or outside a driver's transaction, they are due at once for
 * any worker's claim.
 */
export function outboxLease(tx: DriverQueries | TransactionQueries, worker: LocalWorker | undefined): OutboxLease {
  if (!worker?.running || !("afterCommit" in tx)) return DUE_AT_ONCE;
  const leasedAt = performance.now();
  return {
    leaseMs: worker.handOffLeaseMs,
    handOff: (deliveries) => {
      if (deliveries.length > 0) tx.afterCommit(() => worker.take(deliveries, leasedAt));
    },
  };
}
