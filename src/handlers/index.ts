import type { Handler } from "../api/types.ts";
import { attributeHandlers } from "./attributes.ts";
import type { HandlerContext } from "./context.ts";
import { feedbackHandlers } from "./feedback.ts";
import { memoryHandlers } from "./memory.ts";
import { projectHandlers } from "./projects.ts";
import { systemHandlers } from "./system.ts";
import { threadHandlers } from "./threads.ts";
import { userHandlers } from "./users.ts";
import { vocabularyHandlers } from "./vocabularies.ts";

/**
 * One handler per operationId of openapi.yaml. Each is typed with its own operation's request,
 * which the route's schema (from the same openapi.yaml) has validated before it runs.
 */
export function createHandlers(context: HandlerContext): Record<string, Handler> {
  return {
    ...systemHandlers(context),
    ...projectHandlers(context),
    ...userHandlers(context),
    ...threadHandlers(context),
    ...feedbackHandlers(context),
    ...attributeHandlers(context),
    ...memoryHandlers(context),
    ...vocabularyHandlers(context),
  } as unknown as Record<string, Handler>;
}
