import type { FastifyReply, FastifyRequest } from "fastify";
import type { JsonText } from "../api/types.ts";
import type { Principal } from "../keys/keys.ts";
import type { FeedbackCaller } from "../feedback/feedback.ts";

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.routeOptions.url} has no principal: is its operation keyless?`);
  return request.principal;
}

/** The organization of the request's key; every operation with a key is scoped to it. */
export const organizationOf = (request: FastifyRequest): number => principalOf(request).organizationId;

/** Who votes: the kind of the request's key, or what its feedback token grants. */
export function feedbackCallerOf(request: FastifyRequest): FeedbackCaller {
  const principal = principalOf(request);
  return principal.kind === "token" ? principal.grant : principal.kind;
}

/**
 * `text` as the answer, as it is: with a JSON content type set, Fastify sends a string payload
 * without serialising it (no response schema applies; tests check every answer against openapi.yaml).
 */
export function sendJsonText<View>(reply: FastifyReply, text: JsonText<View>): JsonText<View> {
  reply.type("application/json; charset=utf-8");
  return text;
}
