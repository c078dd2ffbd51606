import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { ingestThreadWithSummary } from "../memory/ingest.ts";
import { listThreads } from "../threads/listing.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function threadHandlers({ prisma, summaries }: HandlerContext) {
  return {
    async createThread(request: ApiRequest<"createThread">, reply: FastifyReply): Promise<ResponseBody<"createThread", 200>> {
      const { thread, created } = await ingestThreadWithSummary(prisma, summaries, organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return thread;
    },

    async listThreads(request: ApiRequest<"listThreads">): Promise<ResponseBody<"listThreads", 200>> {
      const { pageSize = 50, pageIndex = 0, ...filters } = request.query ?? {};
      return listThreads(prisma, organizationOf(request), filters, { pageSize, pageIndex });
    },
  };
}
