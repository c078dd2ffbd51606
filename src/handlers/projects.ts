import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { listProjects } from "../projects/projects.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function projectHandlers({ prisma }: HandlerContext) {
  return {
    listProjects(request: ApiRequest<"listProjects">): Promise<ResponseBody<"listProjects", 200>> {
      return listProjects(prisma, organizationOf(request));
    },
  };
}
