import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
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

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
/** Pino's loggers say which levels they write (Fastify's null logger, when logging is off, does not). */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, whose pino child (with the request id) is made only when a line is written at
 * an enabled level. Making a child on every request cost about 4 µs of CPU, most of it pino passing
 * the request id through the wildcard redaction paths (SECRET_PATHS), for a logger that, below
 * info, hardly ever writes.
 */
class RequestLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private pinoChild(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made || this.parent.isLevelEnabled(level)) (this.pinoChild()[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.pinoChild().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return ((this.made ?? this.parent) as PinoLogger).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.pinoChild().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }

  error(...args: unknown[]): void {
    this.write("error", args);
  }

  warn(...args: unknown[]): void {
    this.write("warn", args);
  }

  info(...args: unknown[]): void {
    this.write("info", args);
  }

  debug(...args: unknown[]): void {
    this.write("debug", args);
  }

  trace(...args: unknown[]): void {
    this.write("trace", args);
  }

  silent(): void {}
}

/** A route-level log level (a route's `logLevel`), or a logger that is not pino's, gets its child at once, as Fastify makes it. */
function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  const pino = logger as Partial<PinoLogger>;
  if (options.level !== undefined || typeof pino.isLevelEnabled !== "function") return logger.child(bindings, options);
  return new RequestLogger(logger as PinoLogger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * Fastify's server options for request ids and request logging (they can only be given when the
 * instance is created): ids from `requestId` (never the raw header), logged as `requestId`.
 */
export const requestLoggingOptions = {
  genReqId: requestId,
  requestIdHeader: false,
  logController: new RequestLogController({ requestIdLogLabel: "requestId" }),
  childLoggerFactory: requestLogger,
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
