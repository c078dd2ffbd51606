import type { FastifyReply } from "fastify";
import { isDatabaseUnavailable } from "../db/failures.ts";
import { DATABASE_UNAVAILABLE, databaseUnavailable } from "../http/errorHandler.ts";
import type { HandlerContext } from "./context.ts";

export function systemHandlers({ database }: HandlerContext) {
  return {
    async getHealth() {
      return { status: "ok" };
    },

    async getReady(_request: unknown, reply: FastifyReply) {
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
