import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { OpenApiDocument } from "./contract.ts";

/** The contract for readers: GET /docs (Swagger UI) and GET /openapi.json, without a key. */
async function docs(app: FastifyInstance, { specification }: { specification: OpenApiDocument }): Promise<void> {
  await app.register(swagger, { mode: "static", specification: { document: structuredClone(specification) as never } });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => specification);
}

export default fp(docs, { name: "docs" });
