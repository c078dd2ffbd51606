import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { recordFeedback } from "../feedback/feedback.ts";
import { listFeedback } from "../feedback/listing.ts";
import { feedbackStats } from "../feedback/stats.ts";
import { keyKindOf, organizationOf, type HandlerContext } from "./context.ts";

export function feedbackHandlers({ database, prisma }: HandlerContext) {
  return {
    async createFeedback(request: ApiRequest<"createFeedback">, reply: FastifyReply): Promise<ResponseBody<"createFeedback", 201>> {
      const { feedback, created } = await recordFeedback(database, organizationOf(request), keyKindOf(request), request.body);
      reply.code(created ? 201 : 200);
      return feedback;
    },

    listFeedback(request: ApiRequest<"listFeedback">): Promise<ResponseBody<"listFeedback", 200>> {
      const { pageSize = 50, pageIndex = 0, ...filters } = request.query ?? {};
      return listFeedback(prisma, organizationOf(request), filters, { pageSize, pageIndex });
    },

    getFeedbackStats(request: ApiRequest<"getFeedbackStats">): Promise<ResponseBody<"getFeedbackStats", 200>> {
      const { groupBy, ...filters } = request.query ?? {};
      return feedbackStats(prisma, organizationOf(request), filters, groupBy);
    },
  };
}
