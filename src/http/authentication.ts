import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ClientError } from "../errors.ts";
import type { Principal } from "../keys/keys.ts";
import { operationOf, type KeySource, type OperationContract } from "./contract.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The key's organization and kind; set on every operation that needs a key. */
    principal: Principal | null;
  }
}

export const UNAUTHORIZED = "Unauthorized - Invalid or missing API key";
export const FORBIDDEN = "Forbidden - this operation requires a private API key";
export const TOKEN_EXPIRED = "Unauthorized - token expired";

function firstValue(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
}

function place(source: KeySource): string {
  if (source.in === "bearer") return "an Authorization: Bearer token";
  return source.in === "header" ? `the ${source.name} header` : `the ${source.name} query parameter`;
}

/** The 401, its string the one decisions.md gives; when the request carries a key where this operation does not read one, its details say where to put it. */
function unauthorized(request: FastifyRequest, operation: OperationContract): ClientError {
  if (readKey(request, operation.otherKeySources) === undefined) return new ClientError(401, UNAUTHORIZED);
  return new ClientError(401, UNAUTHORIZED, `This operation reads the key from ${operation.keySources.map(place).join(" or ")}`);
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
 * The API key check of the operations of openapi.yaml: `request.principal` for the routes of the
 * context it is registered in. An onRequest hook rather than glue's security handlers, which run
 * after validation: the contract promises that the key is checked before the body is parsed or
 * validated. Each route carries its operation's key sources and accepted key kinds. A key the cache
 * holds as valid, or a feedback token whose organization's secret is cached, is admitted at once, without a promise. Any other counts, when it fails, against the
 * client address's failed-authentication limit (plugin rate-limit); once that is used up, a key is
 * looked up only if it is among the active keys, so that random keys cost no lookup each.
 */
async function authentication(app: FastifyInstance): Promise<void> {
  const { keys } = app.services;
  const failedAuth = app.failedAuthLimit;
  app.decorateRequest("principal", null);

  const lookUp = async (request: FastifyRequest, reply: FastifyReply, operation: OperationContract, key: string | undefined): Promise<Principal> => {
    const onlyKnownActive = failedAuth ? await failedAuth.isExhausted(request) : false;
    const principal = key ? await keys.authenticate(key, { onlyKnownActive }) : null;
    if (principal === null || principal === "expired") {
      await failedAuth?.countFailure(request, reply);
      throw principal === "expired" ? new ClientError(401, TOKEN_EXPIRED) : unauthorized(request, operation);
    }
    return principal;
  };

  app.addHook("onRequest", (request, reply, done) => {
    const operation = operationOf(request);
    if (operation.keySources.length === 0) return done();
    const admit = (principal: Principal) => {
      if (!operation.keyKinds.includes(principal.kind)) {
        const status = operation.wrongKeyKindStatus;
        return done(new ClientError(status, status === 401 ? UNAUTHORIZED : FORBIDDEN));
      }
      request.principal = principal;
      done();
    };
    const key = readKey(request, operation.keySources);
    const known = key === undefined ? undefined : keys.cached(key);
    if (known) return admit(known);
    lookUp(request, reply, operation, key).then(admit, done);
  });
}

export default fp(authentication, { name: "authentication", dependencies: ["services", "rate-limit"] });
