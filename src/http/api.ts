import type { FastifyInstance } from "fastify";
import type { OperationHandlers } from "../api/types.ts";
import authentication from "./authentication.ts";
import type { OpenApiDocument } from "./contract.ts";
import { operationRoutes } from "./operations.ts";
import rateLimit, { type RateLimitOptions } from "./rateLimit.ts";
import { normalizeRequest } from "./validation.ts";

/** The paths of the API proper, whose operations take a key; the rest of openapi.yaml (/health, /ready) does not. */
export const API_PREFIX = "/api/external/";

export const isApiPath = (path: string) => path.startsWith(API_PREFIX);

export interface ApiOptions {
  specification: OpenApiDocument;
  handlers: OperationHandlers;
  /** Off unless given. */
  rateLimit?: RateLimitOptions;
}

/**
 * The operations under /api/external in their own encapsulated context: the rate limits, the key
 * check and the request normalisation apply to these routes and to no other, so every route they
 * see is an operation of openapi.yaml.
 */
export async function api(app: FastifyInstance, { specification, handlers, rateLimit: limits = {} }: ApiOptions): Promise<void> {
  await app.register(rateLimit, limits);
  await app.register(authentication);
  app.addHook("preValidation", normalizeRequest);
  await app.register(operationRoutes, { specification, handlers, paths: isApiPath });
}
