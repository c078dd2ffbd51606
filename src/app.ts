import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import openapiGlue, { type FastifyOpenapiGlueOptions } from "fastify-openapi-glue";
import type { Database } from "./db/database.ts";
import { createHandlers } from "./handlers/index.ts";
import { authenticationHook } from "./http/authentication.ts";
import { loadSpecification, operationContract } from "./http/contract.ts";
import { errorHandler, notFoundHandler } from "./http/errorHandler.ts";
import "./http/fastifyTypes.ts";
import { normalizeRequest, validatorCompiler } from "./http/validation.ts";
import { authenticate } from "./keys/keys.ts";
import { SummaryKeeper } from "./memory/summaryKeeper.ts";
import type { Summarizer } from "./summarizer/summarizer.ts";

export interface AppOptions {
  database: Database;
  logger?: FastifyServerOptions["logger"];
  bodyLimitBytes?: number;
  /** Refines the built-in memory summaries in the background (e.g. an LLM); default: built-in only. */
  summarizer?: Summarizer;
}

const MIB = 1024 * 1024;

/** The service as a Fastify instance; the caller owns the database and listens. */
export async function buildApp({ database, logger = false, bodyLimitBytes = 5 * MIB, summarizer }: AppOptions): Promise<FastifyInstance> {
  const specification = loadSpecification();
  const app = Fastify({ logger, bodyLimit: bodyLimitBytes });
  const { prisma } = database;
  const summaries = new SummaryKeeper({ prisma, refiner: summarizer, log: app.log });
  const handlers = createHandlers({ database, prisma, summaries });

  app.decorateRequest("principal", null);
  // Only JSON bodies are accepted: anything else is a 415 rather than a string to validate.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler());
  app.addHook("onRequest", authenticationHook((key) => authenticate(prisma, key)));
  app.addHook("preValidation", normalizeRequest);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook("onClose", () => summaries.close());

  await app.register(swagger, { mode: "static", specification: { document: structuredClone(specification) as never } });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => specification);

  await app.register(openapiGlue, {
    specification: structuredClone(specification),
    // Glue merges these route options into each route; its types ask for complete ones.
    operationResolver: ((operationId: string, method: string, path: string) => {
      // TEMPORARY while operations are being built in parallel: glue answers 500 for a missing handler.
      const handler = handlers[operationId];
      return { handler, config: { operation: operationContract(specification, method, path) } };
    }) as unknown as FastifyOpenapiGlueOptions["operationResolver"],
  });
  return app;
}
