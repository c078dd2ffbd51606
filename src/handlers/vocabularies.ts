import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

/** The intents and segments whose ids the listings filter by. */
export function vocabularyHandlers({ threads, users }: Services) {
  return {
    listIntents(request: ApiRequest<"listIntents">): Promise<ResponseBody<"listIntents", 200>> {
      return threads.listIntents(organizationOf(request), request.query.projectId);
    },

    listSegments(request: ApiRequest<"listSegments">): Promise<ResponseBody<"listSegments", 200>> {
      return users.listSegments(organizationOf(request));
    },
  } satisfies Partial<OperationHandlers>;
}
