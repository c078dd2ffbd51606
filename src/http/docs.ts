import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { OpenApiDocument } from "./contract.ts";

/**
 * Swagger UI loads its scripts and styles from /docs/static, its logo as a data: URL, and calls the
 * service it came from (the contract's server is relative): nothing else may load, and no other page
 * may frame it (a framed "Try it out" with a key typed in is a clickjacking target). The one inline
 * style is the `<style>` element of the top bar's SVG logo, allowed by its hash (test/docs/docs.test.ts
 * fails naming a new hash should a Swagger UI upgrade change it).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
].join("; ");

/** Swagger UI's pages, scripts and assets, each with the policy and X-Frame-Options for older browsers. */
async function swaggerUiWithPolicy(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", (_request, reply, _payload, done) => {
    reply.header("content-security-policy", DOCS_CSP).header("x-frame-options", "DENY");
    done();
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}

/** The contract for readers: GET /docs (Swagger UI) and GET /openapi.json, without a key. */
async function docs(app: FastifyInstance, { specification }: { specification: OpenApiDocument }): Promise<void> {
  await app.register(swagger, { mode: "static", specification: { document: structuredClone(specification) as never } });
  await app.register(swaggerUiWithPolicy);
  app.get("/openapi.json", { schema: { hide: true } }, async () => specification);
}

export default fp(docs, { name: "docs" });
