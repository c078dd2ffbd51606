import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { crossOriginMethods, type OpenApiDocument } from "./contract.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Read by @fastify/cors: false, the route answers no cross-origin request; options, merged over the plugin's. */
    cors?: false | Pick<FastifyCorsOptions, "origin">;
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
 *
 * The plugin's own options allow no origin; each route added from here on says what it allows when it is added,
 * so that no request pays for a decision (a per-request delegator's objects outlive young-generation collections
 * and slow every one of them: docs/performance.md). Routes
 * added before, and unknown paths, keep the plugin's options: no origin.
 */
async function cors(app: FastifyInstance, { specification, origins = [] }: CorsOptions & { specification: OpenApiDocument }): Promise<void> {
  const preflightMethods = crossOriginMethods(specification);
  const allowed = { origin: origins.length > 0 ? origins : "*" };
  const isCrossOriginPreflight = (request: FastifyRequest): boolean => {
    const requested = request.headers["access-control-request-method"]?.toUpperCase() ?? "";
    return preflightMethods.get(request.url.split("?")[0]!)?.has(requested) === true;
  };
  // The preflight route (OPTIONS *) allows the origins; a preflight for anything else is not found, as it would be without CORS.
  app.addHook("onRoute", (route) => {
    const crossOrigin = route.method === "OPTIONS" || route.config?.operation?.crossOrigin === true;
    route.config = { ...route.config, cors: crossOrigin ? allowed : false };
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method === "OPTIONS" && !isCrossOriginPreflight(request)) reply.callNotFound();
    else done();
  });
  await app.register(fastifyCors, {
    origin: false,
    methods: [...new Set([...preflightMethods.values()].flatMap((methods) => [...methods]))],
    allowedHeaders: ALLOWED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // A bare OPTIONS (no Origin) is answered like a preflight rather than with a text/plain 400.
    strictPreflight: false,
  });
}

export default fp(cors, { name: "cors" });
