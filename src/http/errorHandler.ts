import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ClientError } from "../errors.ts";
import { isDatabaseUnavailable, isRejectedData, isTransientConflict } from "../db/failures.ts";
import { REQUEST_ID_HEADER } from "./logging.ts";
import { validationMessage } from "./validation.ts";

const FASTIFY_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: "Request body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: "Unsupported Media Type: send Content-Type: application/json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: "Content-Length does not match the body" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: "Missing request body" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: "Request body is not valid JSON" },
  FST_ERR_BAD_URL: { status: 400, error: "Invalid URL: a path segment is not valid percent-encoding" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: "URI Too Long: a path parameter is longer than any identifier can be" },
};

/** How long a client should wait before retrying while the database is unavailable: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE = "Service unavailable - the database did not answer";

/** The 503 for a database that cannot serve now; the body is what the caller sends. */
export function databaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply.code(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
}

/** What an error line says of the request besides its id: the route, never the body. */
function routeOf(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions.url, operation: request.routeOptions.config.operation?.operationId };
}

/** The one place where errors become responses: always `{ "error": "…" }`, never internals. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Errors Fastify meets before routing (frameworkErrors) skip the onRequest hook that sets it.
  reply.header(REQUEST_ID_HEADER, request.id);
  if (error.validation) {
    const [issue] = error.validation;
    return reply.code(400).send({ error: validationMessage(error.validationContext, issue as never) });
  }
  if (error instanceof ClientError) return reply.code(error.statusCode).send(error.details === undefined ? { error: error.message } : { error: error.message, details: error.details });
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return reply.code(known.status).send({ error: known.error });
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, ...routeOf(request) }, "database unavailable");
    return databaseUnavailable(reply).send({ error: DATABASE_UNAVAILABLE });
  }
  if (isTransientConflict(error)) {
    // Still conflicting after every retry of the data layer: busy, not broken.
    request.log.warn({ err: error, ...routeOf(request) }, "transaction conflicts persisted through every retry");
    return databaseUnavailable(reply).send({ error: "Service unavailable - too many concurrent changes to the same data, retry" });
  }
  if (isRejectedData(error)) {
    return reply.code(400).send({ error: "Invalid input: a value cannot be stored (for example a NUL character in text)" });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ error: error.message });
  }
  request.log.error({ err: error, ...routeOf(request) }, "request failed");
  return reply.code(500).send({ error: "Internal server error" });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ error: `Route not found: ${request.method} ${request.url.split("?")[0]}` });
}

/** Errors and unknown routes answer in the service's shape, `{ "error": "…" }`, everywhere. */
async function errorAnswers(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}

export default fp(errorAnswers, { name: "error-answers" });
