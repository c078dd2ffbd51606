import type { FastifyRequest } from "fastify";
import type { KeyKind, Principal } from "../keys/keys.ts";

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.routeOptions.url} has no principal: is its operation keyless?`);
  return request.principal;
}

/** The organization of the request's key; every operation with a key is scoped to it. */
export const organizationOf = (request: FastifyRequest): number => principalOf(request).organizationId;

/** Whether the request came with a private or a public key. */
export const keyKindOf = (request: FastifyRequest): KeyKind => principalOf(request).kind;
