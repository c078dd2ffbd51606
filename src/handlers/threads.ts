import type { FastifyReply } from "fastify";
import type { ApiRequest, JsonText, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf, sendJsonText } from "./context.ts";

export function threadHandlers({ threads }: Services) {
  return {
    async createThread(request: ApiRequest<"createThread">, reply: FastifyReply): Promise<JsonText<ResponseBody<"createThread", 200>>> {
      const { thread, created } = await threads.create(organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return sendJsonText(reply, thread);
    },

    async listThreads(request: ApiRequest<"listThreads", "pageSize" | "pageIndex">, reply: FastifyReply): Promise<JsonText<ResponseBody<"listThreads", 200>>> {
      const { pageSize, pageIndex, ...filters } = request.query;
      return sendJsonText(reply, await threads.list(organizationOf(request), filters, { pageSize, pageIndex }));
    },

    async listThreadMessages(
      request: ApiRequest<"listThreadMessages", "pageSize" | "pageIndex">,
      reply: FastifyReply,
    ): Promise<JsonText<ResponseBody<"listThreadMessages", 200>>> {
      const { pageSize, pageIndex } = request.query;
      return sendJsonText(reply, await threads.listMessages(organizationOf(request), request.params.threadId, { pageSize, pageIndex }));
    },

    getThreadMessage(request: ApiRequest<"getThreadMessage">): Promise<ResponseBody<"getThreadMessage", 200>> {
      return threads.findMessage(organizationOf(request), request.params.threadId, request.params.messageId);
    },
  } satisfies Partial<OperationHandlers>;
}
