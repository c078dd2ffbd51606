import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { crossOriginMethods, type OpenApiDocument } from "./contract.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Read by @fastify/cors: false, the route answers no cross-origin request. */
    cors?: false;
  }
}

export interface CorsOptions {
  /** Origins allowed to call the cross-origin operations; absent or empty: any origin. */
  origins?: string[];
}

/** Headers a browser may send cross-origin: the key (either way the contract reads it) and the JSON body's type. */
const ALLOWED_HEADERS = ["api-key", "authorization", "content-type"];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the operations marked `x-cross-origin` in openapi.yaml (the feedback widget's), and for no other: the
 * rest take private keys, which never belong in a page of another origin. Registered at the root, before the API
 * context: its hook then runs before the key check and the rate limit, so that their 429 and 401 reach the page
 * too, and a preflight (which carries no key, for a path and method that may have no route) is answered there.
 */
async function cors(app: FastifyInstance, { specification, origins = [] }: CorsOptions & { specification: OpenApiDocument }): Promise<void> {
  const preflightMethods = crossOriginMethods(specification);
  const allowed: FastifyCorsOptions = {
    origin: origins.length > 0 ? origins : "*",
    methods: [...new Set([...preflightMethods.values()].flatMap((methods) => [...methods]))],
    allowedHeaders: ALLOWED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // A bare OPTIONS (no Origin) is answered like a preflight rather than with a text/plain 400.
    strictPreflight: false,
  };
  const isCrossOrigin = (request: FastifyRequest): boolean => {
    if (request.method !== "OPTIONS") return request.routeOptions.config.operation?.crossOrigin === true;
    const requested = request.headers["access-control-request-method"]?.toUpperCase() ?? "";
    return preflightMethods.get(request.url.split("?")[0]!)?.has(requested) === true;
  };
  // Every route added from here on that is not a cross-origin operation opts out (@fastify/cors's own
  // per-route `cors: false`), so that its requests skip the plugin's work; its preflight route (OPTIONS *) stays in.
  app.addHook("onRoute", (route) => {
    if (route.method === "OPTIONS" || route.config?.operation?.crossOrigin === true) return;
    route.config = { ...route.config, cors: false };
  });
  await app.register(fastifyCors, {
    delegator: (request, callback) => callback(null, isCrossOrigin(request) ? allowed : { origin: false }),
  });
}

export default fp(cors, { name: "cors" });
