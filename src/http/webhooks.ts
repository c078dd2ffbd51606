import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { evaluateDueAlerts } from "../alerts/evaluate.ts";
import type { WebhookSettings } from "../config.ts";
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

/**
 * The background work of every instance, started once the app is ready and stopped when it closes
 * (graceful shutdown closes the app before the database): the webhook delivery worker, and the
 * alerts' evaluation, each alert by one instance at a time (its row is locked while it is evaluated).
 */
export default fp(
  async (app: FastifyInstance, { settings, alertIntervalSeconds, worker: tuning }: BackgroundOptions) => {
    const worker = new DeliveryWorker({ db: app.database.driver, settings, log: app.log, ...tuning });
    let alertTimer: NodeJS.Timeout | undefined;
    let evaluating: Promise<unknown> = Promise.resolve();
    let closing = false;
    const evaluateLater = () => {
      alertTimer = setTimeout(() => {
        evaluating = evaluateDueAlerts(app.database.prisma, { intervalSeconds: alertIntervalSeconds })
          .catch((error: unknown) => app.log.warn({ err: error }, "alerts: evaluation failed; trying again"))
          .finally(() => closing || evaluateLater());
      }, alertTickMs(alertIntervalSeconds));
    };
    app.addHook("onReady", async () => {
      worker.start();
      evaluateLater();
    });
    app.addHook("onClose", async () => {
      closing = true;
      clearTimeout(alertTimer);
      await Promise.all([worker.stop(), evaluating]);
    });
  },
  { name: "webhook-background", dependencies: ["database"] },
);

