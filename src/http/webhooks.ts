import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { evaluateDueAlerts } from "../alerts/evaluate.ts";
import type { WebhookSettings } from "../config.ts";
import { compactFeedbackCounts } from "../feedback/compaction.ts";
import { compactThreadCounts } from "../threads/compaction.ts";
import { DeliveryWorker, type WorkerOptions } from "../webhooks/worker.ts";

export interface BackgroundOptions {
  settings: WebhookSettings;
  /** How often the alerts are evaluated (ALERT_INTERVAL_SECONDS). */
  alertIntervalSeconds: number;
  /** The delivery worker's tuning (tests: a faster poll, a resolver). */
  worker?: Partial<Omit<WorkerOptions, "db" | "settings" | "log">>;
}

/** Alerts are looked at four times an interval, so that each is evaluated at most a quarter interval late. */
const alertTickMs = (intervalSeconds: number) => Math.min(15_000, Math.max(250, (intervalSeconds * 1000) / 4));

/** How often the deltas of the daily counts are compacted: they stay few, so the statistics add few up. */
const COMPACTION_TICK_MS = 1_000;

/** Runs `task` `delayMs` after it last finished (a failure is logged and tried again), until stopped; stop() waits for a run in flight. */
function repeat(task: () => Promise<unknown>, delayMs: number, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const later = () => {
    timer = setTimeout(() => {
      running = task().catch(onError).finally(() => stopped || later());
    }, delayMs);
  };
  later();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/**
 * The background work of every instance, started once the app is ready and stopped when it closes
 * (graceful shutdown closes the app before the database): the webhook delivery worker, the
 * alerts' evaluation, each alert by one instance at a time (its row is locked while it is evaluated),
 * and the compaction of the feedback's and threads' daily counts (one instance at a time, by an advisory lock).
 */
export default fp(
  async (app: FastifyInstance, { settings, alertIntervalSeconds, worker: tuning }: BackgroundOptions) => {
    const worker = new DeliveryWorker({ db: app.database.driver, settings, log: app.log, ...tuning });
    const stops: (() => Promise<void>)[] = [];
    app.addHook("onReady", async () => {
      worker.start();
      stops.push(
        repeat(() => evaluateDueAlerts(app.database.prisma, { intervalSeconds: alertIntervalSeconds }), alertTickMs(alertIntervalSeconds), (error) =>
          app.log.warn({ err: error }, "alerts: evaluation failed; trying again")),
        repeat(async () => {
          await compactFeedbackCounts(app.database.driver);
          await compactThreadCounts(app.database.driver);
        }, COMPACTION_TICK_MS, (error) => app.log.warn({ err: error }, "daily counts: compaction failed; trying again")),
      );
    });
    app.addHook("onClose", async () => {
      await Promise.all([worker.stop(), ...stops.map((stop) => stop())]);
    });
  },
  { name: "webhook-background", dependencies: ["database"] },
);
