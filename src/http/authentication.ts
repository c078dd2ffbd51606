import type { FastifyReply, FastifyRequest } from "fastify";
import { ClientError } from "../errors.ts";
import type { AuthenticateOptions, Principal } from "../keys/keys.ts";
import type { KeySource } from "./contract.ts";
import type { FailedAuthLimit } from "./rateLimit.ts";

export const UNAUTHORIZED = "Unauthorized - Invalid or missing API key";
export const FORBIDDEN = "Forbidden - this operation requires a private API key";

function firstValue(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
}

export function readKey(request: FastifyRequest, sources: KeySource[]): string | undefined {
  for (const source of sources) {
    const key =
      source.in === "bearer"
        ? /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1]
        : firstValue(source.in === "header" ? request.headers[source.name] : (request.query as Record<string, unknown>)[source.name]);
    if (key) return key;
  }
  return undefined;
}

/**
 * An onRequest hook, so that the key is checked before the body is parsed or validated, as the
 * contract promises. Each route carries its operation's key sources and accepted key kinds. A
 * failure counts against the client address's failed-authentication limit; once that is used up,
 * a key is looked up only if it is among the active keys, so that random keys cost no lookup each.
 */
export function authenticationHook(
  authenticate: (key: string, options: AuthenticateOptions) => Promise<Principal | null>,
  failedAuth?: FailedAuthLimit,
) {
  return async function checkApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const operation = request.routeOptions.config.operation;
    if (!operation || operation.keySources.length === 0) return;
    const key = readKey(request, operation.keySources);
    const onlyKnownActive = failedAuth ? await failedAuth.isExhausted(request) : false;
    const principal = key ? await authenticate(key, { onlyKnownActive }) : null;
    if (!principal) {
      await failedAuth?.countFailure(request, reply);
      throw new ClientError(401, UNAUTHORIZED);
    }
    if (!operation.keyKinds.includes(principal.kind)) {
      const status = operation.wrongKeyKindStatus;
      throw new ClientError(status, status === 401 ? UNAUTHORIZED : FORBIDDEN);
    }
    request.principal = principal;
  };
}
