import type { FastifyReply, FastifyRequest } from "fastify";
import type { OperationHandlers, ResponseBody } from "../api/types.ts";
import { DATABASE_UNAVAILABLE, databaseUnavailable } from "../http/errorHandler.ts";
import type { Services } from "../services.ts";

const SHUTTING_DOWN = "Service unavailable - shutting down";

export function systemHandlers({ system }: Services) {
  return {
    async getHealth(): Promise<ResponseBody<"getHealth", 200>> {
      return { status: "ok" };
    },

    async getReady(_request: FastifyRequest, reply: FastifyReply): Promise<ResponseBody<"getReady", 200 | 503>> {
      const readiness = await system.readiness();
      if (readiness.ready) return { status: "ready" };
      if ("shuttingDown" in readiness) {
        reply.code(503).header("retry-after", "1");
        return { error: SHUTTING_DOWN };
      }
      if (readiness.unexpected) reply.log.error({ err: readiness.unexpected }, "readiness check failed");
      databaseUnavailable(reply);
      return { error: DATABASE_UNAVAILABLE };
    },
  } satisfies Partial<OperationHandlers>;
}
