import type { FastifyInstance } from "fastify";
import openapiGlue, { type FastifyOpenapiGlueOptions } from "fastify-openapi-glue";
import type { OperationHandlers } from "../api/types.ts";
import { operationContract, type OpenApiDocument } from "./contract.ts";

export interface OperationRoutesOptions {
  specification: OpenApiDocument;
  handlers: OperationHandlers;
  /** Which of openapi.yaml's paths to route here. */
  paths(path: string): boolean;
}

/**
 * Routes for the operations of openapi.yaml under the chosen paths, in the context this is
 * registered in (glue adds its routes there): each with its schemas, its handler and, as
 * `config.operation`, what the hooks need to know of it.
 */
export async function operationRoutes(app: FastifyInstance, { specification, handlers, paths }: OperationRoutesOptions): Promise<void> {
  const chosen = structuredClone(specification);
  chosen.paths = Object.fromEntries(Object.entries(chosen.paths).filter(([path]) => paths(path)));
  await app.register(openapiGlue, {
    specification: chosen,
    // Glue merges these route options into each route; its types ask for complete ones.
    operationResolver: ((operationId: keyof OperationHandlers, method: string, path: string) => ({
      handler: handlers[operationId],
      config: { operation: operationContract(specification, method, path) },
    })) as unknown as FastifyOpenapiGlueOptions["operationResolver"],
  });
}
