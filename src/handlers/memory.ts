import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { notFound } from "../errors.ts";
import { findMemory } from "../memory/lookup.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

/** The specification's exact 404 body of the memory lookup. */
export const NO_MEMORY = "No user or no memory found";

export function memoryHandlers({ database }: HandlerContext) {
  return {
    async getMemory(request: ApiRequest<"getMemory">): Promise<ResponseBody<"getMemory", 200>> {
      const memory = await findMemory(database.driver, organizationOf(request), request.query.userExternalId);
      if (!memory) throw notFound(NO_MEMORY);
      return memory;
    },
  };
}
