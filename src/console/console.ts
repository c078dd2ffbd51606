import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Where `npm run build:console` (run on every install) writes the bundle. */
export const consoleBuildFolder = fileURLToPath(new URL("../../console/dist/", import.meta.url));

/**
 * Only this origin, no inline script or style, no plugins, no framing, no base or form elsewhere:
 * even if untrusted content slipped past the renderer, nothing it carries could run or phone out.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function secureHeaders(reply: FastifyReply): void {
  reply
    .header("content-security-policy", CONSOLE_CSP)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .header("cross-origin-opener-policy", "same-origin");
}

/**
 * GET /console and every path below it: the built assets under /console/assets/ (named by their
 * hash, so cached for good), and the page itself for any other path, whose router reads the URL.
 * The page needs no key; everything it shows comes from the API, which does. GET / redirects here.
 */
export async function consoleRoutes(app: FastifyInstance, { folder = consoleBuildFolder }: { folder?: string } = {}): Promise<void> {
  const indexPath = `${folder}index.html`;
  if (!existsSync(indexPath)) {
    app.log.warn(`the console is not built (${indexPath} is missing): run npm run build:console`);
    app.get("/console*", { schema: { hide: true } }, async (_request, reply) =>
      reply.code(503).send({ error: "The console is not built: run npm run build:console" }),
    );
    return;
  }
  const page = readFileSync(indexPath);
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook("onRequest", async (_request, reply) => secureHeaders(reply));
    await scope.register(fastifyStatic, {
      root: `${folder}assets`,
      prefix: "/console/assets/",
      decorateReply: false,
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: "365d",
      schemaHide: true,
    });
    const sendPage = async (_request: unknown, reply: FastifyReply) =>
      reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
    scope.get("/console", { schema: { hide: true } }, sendPage);
    scope.get("/console/", { schema: { hide: true } }, sendPage);
    scope.get("/console/threads", { schema: { hide: true } }, sendPage);
    scope.get("/console/threads/:threadId", { schema: { hide: true } }, sendPage);
    scope.get("/console/feedback", { schema: { hide: true } }, sendPage);
    scope.get("/console/trends", { schema: { hide: true } }, sendPage);
    scope.get("/console/settings", { schema: { hide: true } }, sendPage);
    scope.get("/console/users/:externalId", { schema: { hide: true } }, sendPage);
  });
  // Someone who opens the service in a browser expects the console, not a JSON 404.
  app.get("/", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/console", 302));
}
