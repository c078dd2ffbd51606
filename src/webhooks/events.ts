import type { DriverQueries, TransactionQueries } from "../db/driver.ts";
import type { ThreadView } from "../threads/views.ts";
import { outboxLease, type LocalWorker } from "./handoff.ts";
import { RECORD_EVENT, RECORD_FACTS_EVENT } from "./sql.ts";

/** What happened, with what its event's `data` is made of. */
export type OutboxEvent =
  | { type: "thread.created" | "thread.updated"; thread: ThreadView }
  | { type: "user.deleted"; data: { externalId: string } }
  /** The user whose facts changed: the data is their current facts, as GET /api/external/memory/facts answers. */
  | { type: "memory.facts_changed"; userId: number }
  | { type: "alert.triggered" | "alert.resolved"; data: unknown };

/** The event's data: a thread travels without its messages (their count says how many). */
function dataOf(event: OutboxEvent): unknown {
  if ("thread" in event) {
    const { messages: _messages, ...thread } = event.thread;
    return thread;
  }
  return "data" in event ? event.data : undefined;
}

/**
 * The outbox: writes the event, with a delivery to each endpoint subscribed to its type, inside the
 * caller's transaction (so that a change that rolls back leaves no event); nothing when none is.
 * The deliveries go to this instance's worker, if any, once the transaction commits (outboxLease).
 */
export async function recordEvent(tx: DriverQueries | TransactionQueries, organizationId: number, event: OutboxEvent, localWorker: LocalWorker | undefined): Promise<void> {
  const { type } = event;
  const lease = outboxLease(tx, localWorker);
  const params = { organizationId, type, leaseMs: lease.leaseMs };
  lease.handOff(
    "userId" in event
      ? await tx.rows(RECORD_FACTS_EVENT, { ...params, userId: event.userId })
      : await tx.rows(RECORD_EVENT, { ...params, data: JSON.stringify(dataOf(event)) }),
  );
}
