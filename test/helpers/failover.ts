import { outcomeOf, startLoad, storedWrites, type Load, type Outcome, type Stored } from "./failoverLoad.ts";
import type { HaStack } from "./haStack.ts";
import { eventually } from "./wait.ts";

const WRITES_BEFORE = 50;
const WRITES_AFTER = 50;

/** What one failover looked like from the service's clients, timed from the kill or the switchover command. */
export interface FailoverFigures extends Outcome, Stored {
  how: "kill" | "switchover";
  from: string;
  to: string;
  /** Until the new primary accepted writes, seen on the node itself. */
  promotedMs: number;
  acknowledged: number;
}

async function waitForAcknowledged(load: Load, count: number, timeoutMs = 60_000): Promise<void> {
  const target = load.acknowledged.length + count;
  await eventually(() => load.acknowledged.length >= target, { what: `${count} more writes acknowledged`, timeoutMs, intervalMs: 20 });
}

/**
 * Writers and readers on the service, then the primary SIGKILLed (Patroni and postmaster) or a
 * planned switchover, until writes flow again; then every acknowledged write is looked up.
 */
export async function measureFailover(stack: HaStack, service: { url: string; key: string }, how: FailoverFigures["how"], prefix: string): Promise<FailoverFigures> {
  const load = startLoad(service.url, service.key, { prefix });
  try {
    await waitForAcknowledged(load, WRITES_BEFORE);
    const from = await stack.leader();
    const startedAt = Date.now();
    const promotion = stack.waitForWritablePrimary(from);
    if (how === "kill") await stack.killLeader();
    else await stack.switchover();
    const promoted = await promotion;
    await waitForAcknowledged(load, WRITES_AFTER);
    await load.stop();
    const outcome = outcomeOf(load.attempts, startedAt);
    const stored = await storedWrites(stack.databaseUrl, load.acknowledged);
    return { how, from, to: promoted.node, promotedMs: promoted.at - startedAt, ...outcome, acknowledged: load.acknowledged.length, ...stored };
  } finally {
    await load.stop();
  }
}

export function describeFailover(figures: FailoverFigures): string {
  // In a switchover the old primary serves until Patroni stops it, so the first write after the command says nothing.
  const writes = figures.how === "kill" ? `, first write after ${figures.firstWriteMs} ms` : "";
  return (
    `${figures.how} ${figures.from} -> ${figures.to}: new primary writable after ${figures.promotedMs} ms${writes}; ` +
    `${figures.failed} of ${figures.requests} requests failed over ${figures.errorWindowMs} ms, ${figures.serverErrors} of them not 503, ` +
    `${figures.withoutRetryAfter} 503s without Retry-After; ${figures.acknowledged} writes acknowledged, ${figures.missing.length} lost, ` +
    `${figures.notExactlyOnce.length} not exactly once`
  );
}
