import type { PrismaClient } from "../../generated/prisma/client.ts";
import { prismaQueries } from "../db/prismaQueries.ts";
import { inTransaction } from "../db/types.ts";
import { feedbackStats, type FeedbackStats } from "../feedback/stats.ts";
import { recordEvent } from "../webhooks/events.ts";
import { CLAIM_DUE_ALERT, SAVE_EVALUATION, type DueAlertRow } from "./sql.ts";

type Stats = FeedbackStats["total"];
type State = DueAlertRow["state"];

/**
 * The alert's state after its window's Stats: an `ok` alert triggers when at least minCount feedback
 * put the interval's upper bound below the threshold (confidently below); a triggered one resolves
 * once the lower bound is at or above it. Anything in between changes nothing.
 */
export function nextState({ state, minCount, positiveRateBelow }: Pick<DueAlertRow, "state" | "minCount" | "positiveRateBelow">, stats: Stats): State {
  if (state === "ok" && stats.count >= minCount && stats.positiveRateHigh !== null && stats.positiveRateHigh < positiveRateBelow) return "triggered";
  if (state === "triggered" && stats.positiveRateLow !== null && stats.positiveRateLow >= positiveRateBelow) return "ok";
  return state;
}

/**
 * Evaluates one due alert in a transaction that holds its row (so no other instance evaluates it
 * meanwhile), writing its event with the change of state; its id, or null when none is due.
 */
async function evaluateOneDueAlert(prisma: PrismaClient, intervalSeconds: number, done: number[], now: () => number): Promise<number | null> {
  return inTransaction(prisma, async (tx) => {
    const db = prismaQueries(tx);
    const [alert] = await db.rows(CLAIM_DUE_ALERT, { intervalSeconds, evaluatedIds: done });
    if (!alert) return null;
    const windowStart = now() - alert.windowMinutes * 60_000;
    // The window, and inside it the filters' own bounds when they are later.
    const after = new Date(Math.max(windowStart, alert.filters.after ? Date.parse(alert.filters.after) : -Infinity)).toISOString();
    const { total } = await feedbackStats(db, alert.organizationId, { ...alert.filters, after });
    const state = nextState(alert, total);
    const [saved] = await db.rows(SAVE_EVALUATION, { alertId: alert.id, state, stats: JSON.stringify(total) });
    if (state !== alert.state) {
      const type = state === "triggered" ? "alert.triggered" : "alert.resolved";
      // A Prisma transaction has no afterCommit: its deliveries are due at once for any worker.
      await recordEvent(db, alert.organizationId, { type, data: { alert: saved!.alert, stats: total } }, undefined);
    }
    return alert.id;
  });
}

/** Evaluates, once each, every alert not evaluated in the last `intervalSeconds`, one transaction each; answers how many. */
export async function evaluateDueAlerts(prisma: PrismaClient, { intervalSeconds, now = Date.now }: { intervalSeconds: number; now?: () => number }) {
  const done: number[] = [];
  for (let id; (id = await evaluateOneDueAlert(prisma, intervalSeconds, done, now)) !== null; ) done.push(id);
  return done.length;
}
