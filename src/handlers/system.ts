import type { FastifyReply } from "fastify";
import { isDatabaseUnavailable } from "../db/failures.ts";
import { DATABASE_UNAVAILABLE, databaseUnavailable } from "../http/errorHandler.ts";
import type { HandlerContext } from "./context.ts";

const SHUTTING_DOWN = "Service unavailable - shutting down";

export function systemHandlers({ database, shuttingDown }: HandlerContext) {
  return {
    async getHealth() {
      return { status: "ok" };
    },

    async getReady(_request: unknown, reply: FastifyReply) {
      if (shuttingDown()) {
        reply.code(503).header("retry-after", "1");
        return { error: SHUTTING_DOWN };
      }
      try {
        await database.ping();
        return { status: "ready" };
      } catch (error) {
        if (!isDatabaseUnavailable(error)) reply.log.error({ err: error }, "readiness check failed");
        databaseUnavailable(reply);
        return { error: DATABASE_UNAVAILABLE };
      }
    },
  };
}
