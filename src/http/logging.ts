import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { boundForLog, redactKeys, serializeError } from "./logSafety.ts";

export const REQUEST_ID_HEADER = "x-request-id";

/** An incoming request id is kept only when it is short and plain, so that it cannot forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const REDACTED = "[REDACTED]";

/** Wherever a key could sit in a logged object; pino replaces these values before writing. */
const SECRET_PATHS = [
  "req.headers.authorization",
  'req.headers["api-key"]',
  "req.query.apiKey",
  "headers.authorization",
  'headers["api-key"]',
  "query.apiKey",
  "authorization",
  '["api-key"]',
  "apiKey",
  "privateKey",
  "publicKey",
  "*.authorization",
  '*["api-key"]',
  "*.apiKey",
  "*.privateKey",
  "*.publicKey",
];

function isKeyParameter(name: string): boolean {
  try {
    return decodeURIComponent(name.replaceAll("+", " ")).trim().toLowerCase() === "apikey";
  } catch {
    return /apikey/i.test(name);
  }
}

/**
 * Masks the `apiKey` query parameter (however its name is spelled or encoded) and every key-shaped
 * value (sk_…, pk_…), whatever parameter or path segment carries it.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return redactKeys(url);
  const pairs = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0]!;
      return isKeyParameter(name) ? `${name}=${REDACTED}` : pair;
    });
  return redactKeys(`${url.slice(0, queryStart)}?${pairs.join("&")}`);
}

function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The levels at which the request-completed line (info) is written. */
const INFO_ENABLED = new Set(["trace", "debug", "info"]);

/** One line when a request arrives (debug) and one when it ends, saying which operation it was, how it ended and how long it took. */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && !INFO_ENABLED.has(reply.log.level)) return;
    const outcome = {
      operation: request.routeOptions.config.operation?.operationId,
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...outcome, err: error }, "request errored");
    else reply.log.info(outcome, "request completed");
  }
}

/**
 * Fastify's server options for request ids and request logging (they can only be given when the
 * instance is created): ids from `requestId` (never the raw header), logged as `requestId`.
 */
export const requestLoggingOptions = {
  genReqId: requestId,
  requestIdHeader: false,
  logController: new RequestLogController({ requestIdLogLabel: "requestId" }),
} satisfies FastifyServerOptions;

/** Every answer, errors included, tells the client its request id: set as the request arrives, it stays through any error. */
async function requestIds(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestIds, { name: "request-ids" });

/** Pino options for the service; `stream` (default stdout) lets tests read what is logged. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: SECRET_PATHS, censor: REDACTED },
    // Never a request body, and no line a request can make large: every value is bounded.
    formatters: { log: (object) => boundForLog(object) as Record<string, unknown> },
    serializers: {
      err: (error: Error) => serializeError(error) as { type: string; message: string; stack: string },
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
      }),
    },
  };
}
