import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ClientError } from "../errors.ts";
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

const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "P1001", "P1002", "P1017", "P2024", "P2028", "57P01", "57P02", "57P03"]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "SocketTimeout", "ConnectionClosed", "TooManyConnections"]);
const UNAVAILABLE_MESSAGES = /connection terminated|connection timeout|timeout exceeded when trying to connect|unable to start a transaction|connection closed|canceling statement due to statement timeout|PGlite is closed|Cannot use a pool after calling end/i;

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** The error and what it wraps: causes, and the driver error Prisma keeps in `meta`. */
function* errorChain(error: unknown): Generator<ErrorLike> {
  const pending = [error];
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== "object") continue;
    const link = current as ErrorLike;
    yield link;
    pending.push(link.cause, link.meta?.driverAdapterError);
  }
}

/** Errors meaning the database did not answer, wherever in the chain the driver put them. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, kind, message } of errorChain(error)) {
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof kind === "string" && UNAVAILABLE_KINDS.has(kind)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** PostgreSQL's "data exception" class (22xxx): text it cannot store, e.g. a NUL character. */
function isRejectedData(error: unknown): boolean {
  for (const { code, originalCode } of errorChain(error)) {
    const sqlState = typeof originalCode === "string" ? originalCode : code;
    if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) return true;
  }
  return false;
}

/** The one place where errors become responses: always `{ "error": "…" }`, never internals. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    const [issue] = error.validation;
    return reply.code(400).send({ error: validationMessage(error.validationContext, issue as never) });
  }
  if (error instanceof ClientError) return reply.code(error.statusCode).send({ error: error.message });
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return reply.code(known.status).send({ error: known.error });
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, "database unavailable");
    return reply.code(503).send({ error: "Service unavailable - the database did not answer" });
  }
  if (isRejectedData(error)) {
    return reply.code(400).send({ error: "Invalid input: a value cannot be stored (for example a NUL character in text)" });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ error: error.message });
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send({ error: "Internal server error" });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ error: `Route not found: ${request.method} ${request.url.split("?")[0]}` });
}
