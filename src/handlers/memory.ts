import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

export function memoryHandlers({ memory }: Services) {
  return {
    getMemory(request: ApiRequest<"getMemory">): Promise<ResponseBody<"getMemory", 200>> {
      return memory.find(organizationOf(request), request.query.userExternalId);
    },
  } satisfies Partial<OperationHandlers>;
}
