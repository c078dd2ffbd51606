import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { DEFAULTS, type HttpTimeouts, type TrustProxy, type WebhookSettings } from "./config.ts";
import { consoleRoutes } from "./console/console.ts";
import type { Database } from "./db/database.ts";
import { createHandlers } from "./handlers/index.ts";
import { api, isApiPath } from "./http/api.ts";
import { clientErrorHandler } from "./http/clientErrors.ts";
import { loadSpecification } from "./http/contract.ts";
import cors, { type CorsOptions } from "./http/cors.ts";
import docs from "./http/docs.ts";
import errorAnswers, { errorHandler } from "./http/errorHandler.ts";
import jsonRequests from "./http/jsonBody.ts";
import lingeringClose from "./http/lingeringClose.ts";
import requestIds, { requestLoggingOptions } from "./http/logging.ts";
import metrics from "./http/metrics.ts";
import { operationRoutes } from "./http/operations.ts";
import type { RateLimitOptions } from "./http/rateLimit.ts";
import { database as databasePlugin, services } from "./http/services.ts";
import { TIMEOUT_CHECK_INTERVAL_MS } from "./http/timeouts.ts";
import webhookBackground, { type BackgroundOptions } from "./http/webhooks.ts";
import type { FactExtractor } from "./memory/facts/extractor.ts";
import type { Summarizer } from "./summarizer/summarizer.ts";
import type { WorkerOptions } from "./webhooks/worker.ts";
import { widgetRoutes } from "./widget/widget.ts";

/** What the service is built with; every option left out takes the default of src/config.ts, except rateLimit and background. */
export interface AppOptions {
  database: Database;
  logger?: FastifyServerOptions["logger"];
  bodyLimitBytes?: number;
  /** Refines the built-in memory summaries in the background (e.g. an LLM); default: built-in only. */
  summarizer?: Summarizer;
  /** Refines the built-in facts of each ingest in the background (the LLM extractor); default: built-in only. */
  factRefiner?: FactExtractor;
  /** Off unless given (tests are not limited); the server passes the RATE_LIMIT_* settings and REDIS_URL. */
  rateLimit?: RateLimitOptions;
  /** GET /metrics (Prometheus), without a key. */
  metrics?: boolean;
  /** How long clients may take. */
  timeouts?: Partial<HttpTimeouts>;
  /** Whose X-Forwarded-For gives the client address (rate limits, logs); default: nobody's, the socket's address. */
  trustProxy?: TrustProxy;
  /** Which origins the cross-origin operation (feedback) answers (CORS_ORIGINS). */
  cors?: CorsOptions;
  /** The browser console at /console (its page needs no key; the API it calls does), and the widget's demo at /widget/demo. */
  console?: boolean;
  /** True once the process has begun to shut down: GET /ready answers 503 so that a load balancer stops sending. */
  shuttingDown?: () => boolean;
  /** WEBHOOK_* settings (which URLs may be registered and delivered to, retries). */
  webhooks?: Partial<WebhookSettings>;
  /** Runs the webhook delivery worker (with this tuning; tests: a faster poll, a resolver) and the alerts' evaluation; off unless given (the server runs them). */
  background?: BackgroundOptions & { worker?: Partial<Omit<WorkerOptions, "db" | "settings" | "log">> };
  /**
   * Tests only: sees every answer as it is sent, its body as sent (test/helpers/app.ts checks each against
   * openapi.yaml: listing pages, the memory lookup and a vote go out as PostgreSQL wrote them, past the response schemas' serializer).
   */
  onAnswer?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
}

/** Room for a 255-character path parameter percent-encoded, so that its schema, not the router (414), rejects it. */
const MAX_PARAM_LENGTH = 255 * 12;

/**
 * Fastify trusts no proxy for a bare hop count (a client that reaches the service directly could
 * name any address): with TRUST_PROXY=N the operator says every request comes through N proxies.
 */
function trustedProxies(trustProxy: TrustProxy): FastifyServerOptions["trustProxy"] {
  return typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
}

function serverOptions({ logger = false, bodyLimitBytes = DEFAULTS.bodyLimitBytes, timeouts: given, trustProxy = DEFAULTS.trustProxy }: AppOptions) {
  const timeouts = { ...DEFAULTS.timeouts, ...given };
  return {
    logger,
    trustProxy: trustedProxies(trustProxy),
    bodyLimit: bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: errorHandler,
    clientErrorHandler,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs), connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    ...requestLoggingOptions,
  };
}

/**
 * The service as a Fastify instance; the caller owns the database and listens. The plugins at the
 * root apply to every route; the API (/api/external) is one encapsulated context of its own.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, summarizer, factRefiner, rateLimit, cors: corsOptions = {}, shuttingDown } = options;
  const specification = loadSpecification();
  const app = Fastify(serverOptions(options));
  const { onAnswer } = options;
  // First, at the root: every context inherits it, and it sees each answer as the client will.
  if (onAnswer) {
    app.addHook("onSend", (request, reply, payload, done) => {
      onAnswer(request, reply, payload);
      done(null, payload);
    });
  }

  await app.register(requestIds);
  await app.register(errorAnswers);
  await app.register(jsonRequests);
  await app.register(lingeringClose);
  await app.register(databasePlugin, { database });
  const webhookSettings = { ...DEFAULTS.webhooks, ...options.webhooks };
  const { background } = options;
  const webhookDelivery = background && { settings: webhookSettings, ...background.worker };
  await app.register(services, { summarizer, factRefiner, shuttingDown, webhookUrls: { allowPrivateNetworks: webhookSettings.allowPrivateNetworks }, webhookDelivery });
  if (background) await app.register(webhookBackground, { alertIntervalSeconds: background.alertIntervalSeconds });
  if (options.metrics ?? DEFAULTS.metricsEnabled) await app.register(metrics);
  await app.register(cors, { specification, ...corsOptions });
  await app.register(docs, { specification });
  const consoleEnabled = options.console ?? DEFAULTS.consoleEnabled;
  if (consoleEnabled) await app.register(consoleRoutes);
  await app.register(widgetRoutes, { demo: consoleEnabled });

  const handlers = createHandlers(app.services);
  await app.register(operationRoutes, { specification, handlers, paths: (path) => !isApiPath(path) });
  await app.register(api, { specification, handlers, rateLimit });
  return app;
}
