import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { ingestThread } from "../threads/ingest.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function threadHandlers({ prisma }: HandlerContext) {
  return {
    async createThread(request: ApiRequest<"createThread">, reply: FastifyReply): Promise<ResponseBody<"createThread", 200>> {
      const { thread, created } = await ingestThread(prisma, organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return thread;
    },
  };
}
