import type { FastifyReply } from "fastify";
import type { ApiRequest, JsonText, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { feedbackCallerOf, organizationOf, sendJsonText } from "./context.ts";

export function feedbackHandlers({ feedback, tokens }: Services) {
  return {
    async createFeedbackToken(request: ApiRequest<"createFeedbackToken">, reply: FastifyReply): Promise<ResponseBody<"createFeedbackToken", 201>> {
      const minted = await tokens.mint(organizationOf(request), request.body);
      reply.code(201);
      return minted;
    },

    async createFeedback(request: ApiRequest<"createFeedback">, reply: FastifyReply): Promise<JsonText<ResponseBody<"createFeedback", 201>>> {
      const { feedback: recorded, created } = await feedback.create(organizationOf(request), feedbackCallerOf(request), request.body);
      reply.code(created ? 201 : 200);
      return sendJsonText(reply, recorded as JsonText<ResponseBody<"createFeedback", 201>>);
    },

    async listFeedback(request: ApiRequest<"listFeedback", "pageSize" | "pageIndex">, reply: FastifyReply): Promise<JsonText<ResponseBody<"listFeedback", 200>>> {
      const { pageSize, pageIndex, ...filters } = request.query;
      return sendJsonText(reply, await feedback.list(organizationOf(request), filters, { pageSize, pageIndex }));
    },

    getFeedbackStats(request: ApiRequest<"getFeedbackStats">): Promise<ResponseBody<"getFeedbackStats", 200>> {
      const { groupBy, ...filters } = request.query;
      return feedback.stats(organizationOf(request), filters, groupBy);
    },
  } satisfies Partial<OperationHandlers>;
}
