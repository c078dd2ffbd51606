import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import openapiGlue, { type FastifyOpenapiGlueOptions } from "fastify-openapi-glue";
import { registerConsole } from "./console/console.ts";
import type { Database } from "./db/database.ts";
import { createHandlers } from "./handlers/index.ts";
import { authenticationHook } from "./http/authentication.ts";
import { registerCors, type CorsOptions } from "./http/cors.ts";
import { acceptOnlyUtf8Json } from "./http/jsonBody.ts";
import { loadSpecification, operationContract } from "./http/contract.ts";
import { clientErrorHandler } from "./http/clientErrors.ts";
import { DEFAULT_TIMEOUTS, TIMEOUT_CHECK_INTERVAL_MS, type HttpTimeouts } from "./http/timeouts.ts";
import { errorHandler, notFoundHandler } from "./http/errorHandler.ts";
import "./http/fastifyTypes.ts";
import { requestLoggingOptions, returnRequestId } from "./http/logging.ts";
import { registerRateLimit, type RateLimitOptions } from "./http/rateLimit.ts";
import { normalizeRequest, validatorCompiler } from "./http/validation.ts";
import { authenticate } from "./keys/keys.ts";
import { SummaryKeeper } from "./memory/summaryKeeper.ts";
import { registerMetrics } from "./metrics/metrics.ts";
import type { Summarizer } from "./summarizer/summarizer.ts";

export interface AppOptions {
  database: Database;
  logger?: FastifyServerOptions["logger"];
  bodyLimitBytes?: number;
  /** Refines the built-in memory summaries in the background (e.g. an LLM); default: built-in only. */
  summarizer?: Summarizer;
  /** Off unless given (tests are not limited); the server passes the RATE_LIMIT_* settings and REDIS_URL. */
  rateLimit?: RateLimitOptions;
  /** GET /metrics (Prometheus), without a key; default on. */
  metrics?: boolean;
  /** How long clients may take; defaults: DEFAULT_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>;
  /** Which origins the cross-origin operation (feedback) answers; default any (CORS_ORIGINS). */
  cors?: CorsOptions;
  /** The browser console at /console (its page needs no key; the API it calls does); default on. */
  console?: boolean;
}

const MIB = 1024 * 1024;
/** Room for a 255-character path parameter percent-encoded, so that its schema, not the router (414), rejects it. */
const MAX_PARAM_LENGTH = 255 * 12;

/** The service as a Fastify instance; the caller owns the database and listens. */
export async function buildApp({
  database,
  logger = false,
  bodyLimitBytes = 5 * MIB,
  summarizer,
  rateLimit,
  metrics = true,
  cors = {},
  timeouts: timeoutOptions,
  console = true,
}: AppOptions): Promise<FastifyInstance> {
  const specification = loadSpecification();
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOptions };
  const app = Fastify({
    logger,
    bodyLimit: bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: errorHandler,
    clientErrorHandler,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs), connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    ...requestLoggingOptions,
  });
  returnRequestId(app);
  const { prisma } = database;
  const summaries = new SummaryKeeper({ driver: database.driver, refiner: summarizer, log: app.log });
  const handlers = createHandlers({ database, prisma, summaries });

  app.decorateRequest("principal", null);
  // Only JSON bodies, in UTF-8, are accepted: anything else is a 415 rather than a string to validate.
  app.removeContentTypeParser("text/plain");
  acceptOnlyUtf8Json(app);
  app.setValidatorCompiler(validatorCompiler());
  await registerCors(app, specification, cors);
  const limits = rateLimit ? await registerRateLimit(app, rateLimit) : {};
  app.addHook("onRequest", authenticationHook((key, options) => authenticate(prisma, key, options), limits.failedAuth));
  if (limits.perKey) app.addHook("onRequest", limits.perKey);
  app.addHook("preValidation", normalizeRequest);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook("onClose", () => summaries.close());
  if (metrics) registerMetrics(app, { database, pendingSummaries: () => summaries.pending() });

  await app.register(swagger, { mode: "static", specification: { document: structuredClone(specification) as never } });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => specification);
  if (console) await registerConsole(app);

  await app.register(openapiGlue, {
    specification: structuredClone(specification),
    // Glue merges these route options into each route; its types ask for complete ones.
    operationResolver: ((operationId: string, method: string, path: string) => {
      const handler = handlers[operationId];
      if (!handler) throw new Error(`openapi.yaml operation ${operationId} has no handler`);
      return { handler, config: { operation: operationContract(specification, method, path) } };
    }) as unknown as FastifyOpenapiGlueOptions["operationResolver"],
  });
  return app;
}
