import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ClientError } from "../errors.ts";
import { validationMessage } from "./validation.ts";

const FASTIFY_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: "Request body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: "Unsupported Media Type: send Content-Type: application/json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: "Content-Length does not match the body" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: "Missing request body" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: "Request body is not valid JSON" },
};

const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "P1001", "P1002", "P1017", "P2024", "P2028", "57P01", "57P02", "57P03"]);
const UNAVAILABLE_MESSAGES = /connection terminated|connection timeout|timeout exceeded when trying to connect|database is not reachable|unable to start a transaction|Connection closed|canceling statement due to statement timeout/i;

/** Errors meaning the database did not answer, wherever in the cause chain the driver put them. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, message, cause, kind } = current as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (kind === "DatabaseNotReachable" || kind === "SocketTimeout" || kind === "ConnectionClosed") return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** PostgreSQL's "data exception" class: text it cannot store, e.g. a NUL character. */
function isRejectedData(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, originalCode, cause } = current as { code?: unknown; originalCode?: unknown; cause?: unknown };
    const sqlState = typeof originalCode === "string" ? originalCode : code;
    if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) return true;
    current = cause;
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
