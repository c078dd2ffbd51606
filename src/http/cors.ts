import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import { crossOriginMethods, type OpenApiDocument } from "./contract.ts";

export interface CorsOptions {
  /** Origins allowed to call the cross-origin operations; absent or empty: any origin. */
  origins?: string[];
}

/** Headers a browser may send cross-origin: the key (either way the contract reads it) and the JSON body's type. */
const ALLOWED_HEADERS = "api-key, authorization, content-type";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/** Sets Access-Control-Allow-Origin for an allowed origin: `*` when any is, else the request's own (and `Vary: Origin`, as the answer depends on it). */
function originAllower(origins: string[]): (request: FastifyRequest, reply: FastifyReply) => void {
  if (origins.length === 0) return (_request, reply) => void reply.header("access-control-allow-origin", "*");
  const allowed = new Set(origins);
  return (request, reply) => {
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${vary}, Origin` : "Origin");
    const origin = request.headers.origin;
    if (origin !== undefined && allowed.has(origin)) reply.header("access-control-allow-origin", origin);
  };
}

/**
 * CORS for the operations marked `x-cross-origin` in openapi.yaml (the feedback widget's), and for no other: the
 * rest take private keys, which never belong in a page of another origin.
 *
 * Decided once per route, when it is added, so that no other route's request pays for CORS: a cross-origin route
 * gets an onSend hook that allows the origin on every answer it gives, the key check's 401 and the rate limit's
 * 429 included (they end the request before its handler, not before its onSend). A preflight carries no key and
 * may name a path and method with no route: the OPTIONS route answers it at the root, outside the API context's
 * key check, and any other OPTIONS request is not found, as it would be without CORS.
 */
async function cors(app: FastifyInstance, { specification, origins = [] }: CorsOptions & { specification: OpenApiDocument }): Promise<void> {
  const preflightMethods = crossOriginMethods(specification);
  const allowOrigin = originAllower(origins);
  const allowOriginOnSend: onSendHookHandler = (request, reply, payload, done) => {
    allowOrigin(request, reply);
    done(null, payload);
  };
  app.addHook("onRoute", (route) => {
    if (route.config?.operation?.crossOrigin !== true) return;
    const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...onSend, allowOriginOnSend];
  });
  app.options("*", { schema: { hide: true } }, (request, reply) => {
    const methods = preflightMethods.get(request.url.split("?")[0]!);
    const requested = request.headers["access-control-request-method"]?.toUpperCase() ?? "";
    if (methods?.has(requested) !== true) return reply.callNotFound();
    allowOrigin(request, reply);
    return reply
      .code(204)
      .header("access-control-allow-methods", [...methods].join(", "))
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS)
      .header("content-length", "0")
      .send();
  });
}

export default fp(cors, { name: "cors" });
