import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { listIntents } from "../threads/intents.ts";
import { listSegments } from "../users/segments.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

/** The intents and segments whose ids the listings filter by. */
export function vocabularyHandlers({ prisma }: HandlerContext) {
  return {
    listIntents(request: ApiRequest<"listIntents">): Promise<ResponseBody<"listIntents", 200>> {
      return listIntents(prisma, organizationOf(request), request.query?.projectId);
    },

    listSegments(request: ApiRequest<"listSegments">): Promise<ResponseBody<"listSegments", 200>> {
      return listSegments(prisma, organizationOf(request));
    },
  };
}
