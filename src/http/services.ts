import { setTimeout } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/database.ts";
import type { Listening } from "../db/notifications.ts";
import { createServices, type ServiceOptions, type Services } from "../services.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The database the service was built with; its owner (the caller of buildApp) closes it. */
    database: Database;
    /** What handlers and hooks call: one service per domain (src/services.ts). */
    services: Services;
  }
}

export const database = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    app.decorate("database", options.database);
  },
  { name: "database" },
);

/** How long the start waits for the first LISTEN of revocations (src/db/notifications.ts). */
const LISTENING_WAIT_MS = 2_000;

/**
 * The domain's services on the app's database; their webhook delivery worker and their watch on revoked keys start
 * once the app is ready; closing the app stops their background work.
 */
export const services = fp(
  async (app: FastifyInstance, options: Omit<ServiceOptions, "log">) => {
    app.decorate("services", createServices(app.database, { ...options, log: app.log }));
    let revocations: Listening | undefined;
    app.addHook("onReady", async () => {
      app.services.webhooks.startDelivering();
      revocations = app.services.keys.watchRevocations();
      // Ready once revocations are heard, or after a while: a database slow to answer delays them, never the start.
      if (revocations) await Promise.race([revocations.listening, setTimeout(LISTENING_WAIT_MS, undefined, { ref: false })]);
    });
    app.addHook("onClose", () => Promise.all([app.services.memory.close(), app.services.webhooks.stopDelivering(), revocations?.stop()]));
  },
  { name: "services", dependencies: ["database"] },
);
