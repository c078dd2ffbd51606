import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

export function projectHandlers({ projects }: Services) {
  return {
    listProjects(request: ApiRequest<"listProjects">): Promise<ResponseBody<"listProjects", 200>> {
      return projects.list(organizationOf(request));
    },
  } satisfies Partial<OperationHandlers>;
}
