import type { OperationHandlers } from "../api/types.ts";
import type { Services } from "../services.ts";
import { attributeHandlers } from "./attributes.ts";
import { feedbackHandlers } from "./feedback.ts";
import { memoryHandlers } from "./memory.ts";
import { projectHandlers } from "./projects.ts";
import { systemHandlers } from "./system.ts";
import { threadHandlers } from "./threads.ts";
import { userHandlers } from "./users.ts";
import { vocabularyHandlers } from "./vocabularies.ts";
import { webhookHandlers } from "./webhooks.ts";

/**
 * One handler per operationId of openapi.yaml, each typed with its own operation's request (which
 * the route's schema, from the same openapi.yaml, has validated before it runs) and response. The
 * compiler checks the map: an operation without a handler fails `npm run typecheck`, and so does a
 * handler (in the modules' `satisfies Partial<OperationHandlers>`) that no operation has.
 */
export function createHandlers(services: Services): OperationHandlers {
  return {
    ...systemHandlers(services),
    ...projectHandlers(services),
    ...userHandlers(services),
    ...threadHandlers(services),
    ...feedbackHandlers(services),
    ...attributeHandlers(services),
    ...memoryHandlers(services),
    ...vocabularyHandlers(services),
    ...webhookHandlers(services),
  } satisfies OperationHandlers;
}
