import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { recordFeedback } from "../feedback/feedback.ts";
import { keyKindOf, organizationOf, type HandlerContext } from "./context.ts";

export function feedbackHandlers({ prisma }: HandlerContext) {
  return {
    async createFeedback(request: ApiRequest<"createFeedback">, reply: FastifyReply): Promise<ResponseBody<"createFeedback", 201>> {
      const { feedback, created } = await recordFeedback(prisma, organizationOf(request), keyKindOf(request), request.body);
      reply.code(created ? 201 : 200);
      return feedback;
    },
  };
}
