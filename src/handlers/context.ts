import type { FastifyRequest } from "fastify";
import type { CredentialKind, Principal } from "../keys/keys.ts";
import type { TokenGrant } from "../tokens/grant.ts";

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.routeOptions.url} has no principal: is its operation keyless?`);
  return request.principal;
}

/** The organization of the request's key; every operation with a key is scoped to it. */
export const organizationOf = (request: FastifyRequest): number => principalOf(request).organizationId;

/** Whether the request came with a private or a public key, or a feedback token. */
export const keyKindOf = (request: FastifyRequest): CredentialKind => principalOf(request).kind;

/** What the request's feedback token grants; undefined for an API key. */
export function tokenGrantOf(request: FastifyRequest): TokenGrant | undefined {
  const principal = principalOf(request);
  return principal.kind === "token" ? principal.grant : undefined;
}
