import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { notFound } from "../errors.ts";
import { ingestThreadWithSummary } from "../memory/ingest.ts";
import { listThreads } from "../threads/listing.ts";
import { listThreadMessages } from "../threads/messages.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function threadHandlers({ database, prisma, summaries }: HandlerContext) {
  return {
    async createThread(request: ApiRequest<"createThread">, reply: FastifyReply): Promise<ResponseBody<"createThread", 200>> {
      const { thread, created } = await ingestThreadWithSummary(database, summaries, organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return thread;
    },

    async listThreads(request: ApiRequest<"listThreads">): Promise<ResponseBody<"listThreads", 200>> {
      const { pageSize = 50, pageIndex = 0, ...filters } = request.query ?? {};
      return listThreads(database.driver, organizationOf(request), filters, { pageSize, pageIndex });
    },

    async listThreadMessages(request: ApiRequest<"listThreadMessages">): Promise<ResponseBody<"listThreadMessages", 200>> {
      const { pageSize = 100, pageIndex = 0 } = request.query ?? {};
      const page = await listThreadMessages(prisma, organizationOf(request), request.params.threadId, { pageSize, pageIndex });
      if (!page) throw notFound("Thread not found");
      return page;
    },
  };
}
