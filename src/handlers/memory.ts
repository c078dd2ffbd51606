import type { FastifyReply } from "fastify";
import type { ApiRequest, JsonText, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf, sendJsonText } from "./context.ts";

export function memoryHandlers({ memory }: Services) {
  return {
    async getMemory(request: ApiRequest<"getMemory">, reply: FastifyReply): Promise<JsonText<ResponseBody<"getMemory", 200>>> {
      return sendJsonText(reply, await memory.get(organizationOf(request), request.query.userExternalId));
    },

    listMemoryFacts(request: ApiRequest<"listMemoryFacts", "limit">): Promise<ResponseBody<"listMemoryFacts", 200>> {
      const { userExternalId, include, limit } = request.query;
      return memory.facts(organizationOf(request), userExternalId, { history: include === "history", limit });
    },

    async deleteMemoryFact(request: ApiRequest<"deleteMemoryFact">, reply: FastifyReply): Promise<void> {
      await memory.forgetFact(organizationOf(request), request.params.factId);
      reply.code(204).send();
    },

    getMemoryContext(request: ApiRequest<"getMemoryContext", "maxChars">): Promise<ResponseBody<"getMemoryContext", 200>> {
      const { userExternalId, maxChars, q } = request.query;
      return memory.context(organizationOf(request), userExternalId, { maxChars, ...(q === undefined ? {} : { q }) });
    },

    searchMemory(request: ApiRequest<"searchMemory", "limit">): Promise<ResponseBody<"searchMemory", 200>> {
      const { userExternalId, q, limit } = request.query;
      return memory.search(organizationOf(request), userExternalId, { q, limit });
    },
  } satisfies Partial<OperationHandlers>;
}
