import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CONSOLE_CSP } from "../console/console.ts";

/** Where `npm run build:widget` (run on every install) writes the element and the demo. */
export const widgetBuildFolder = fileURLToPath(new URL("../../widget/dist/", import.meta.url));

/** The URL hosts copy: a new release reaches them within five minutes. */
export const UNVERSIONED_CACHE = "public, max-age=300";
/** The URL named by the script's hash: its content never changes. */
export const VERSIONED_CACHE = "public, max-age=31536000, immutable";

const JAVASCRIPT = "text/javascript; charset=utf-8";

const HIDDEN = { schema: { hide: true } };

/** The hashed name the build wrote next to feedback.js (feedback.<hash>.js). */
function versionedName(folder: string): string | undefined {
  return readdirSync(folder).find((name) => /^feedback\.[0-9a-f]+\.js$/.test(name));
}

/**
 * A script any page may load as a module, whatever its origin: module scripts are fetched in CORS mode, and a
 * page isolated with Cross-Origin-Embedder-Policy needs the resource's consent (CORP) as well.
 */
function sendScript(request: FastifyRequest, reply: FastifyReply, script: Buffer, etag: string, cacheControl: string): FastifyReply {
  reply
    .header("cache-control", cacheControl)
    .header("etag", etag)
    .header("access-control-allow-origin", "*")
    .header("cross-origin-resource-policy", "cross-origin")
    .header("x-content-type-options", "nosniff")
    .type(JAVASCRIPT);
  // Once the five minutes of the plain URL are over, a browser asks again: unchanged, it gets no body.
  return request.headers["if-none-match"] === etag ? reply.code(304).send() : reply.send(script);
}

/** The demo is a page of this origin, under the console's CSP: it needs no inline script or style either. */
function sendDemoFile(reply: FastifyReply, content: Buffer, type: string): FastifyReply {
  return reply
    .header("cache-control", "no-cache")
    .header("content-security-policy", CONSOLE_CSP)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .type(type)
    .send(content);
}

/**
 * GET /widget/feedback.js and /widget/feedback.<hash>.js: the <feedback-buttons> element (docs/widget.md); with
 * `demo`, GET /widget/demo too: an article page with the widget, voting with a token minted by the console's key.
 */
export async function widgetRoutes(app: FastifyInstance, { folder = widgetBuildFolder, demo = false }: { folder?: string; demo?: boolean } = {}): Promise<void> {
  const scriptPath = `${folder}feedback.js`;
  const versioned = existsSync(scriptPath) ? versionedName(folder) : undefined;
  if (!versioned) {
    app.log.warn(`the widget is not built (${scriptPath} is missing): run npm run build:widget`);
    app.get("/widget/*", HIDDEN, async (_request, reply) => reply.code(503).send({ error: "The widget is not built: run npm run build:widget" }));
    return;
  }
  const script = readFileSync(scriptPath);
  const etag = `"${versioned.split(".")[1]}"`;
  app.get("/widget/feedback.js", HIDDEN, async (request, reply) => sendScript(request, reply, script, etag, UNVERSIONED_CACHE));
  app.get(`/widget/${versioned}`, HIDDEN, async (request, reply) => sendScript(request, reply, script, etag, VERSIONED_CACHE));
  if (!demo) return;

  const demoFiles = {
    "/widget/demo": { content: readFileSync(`${folder}demo.html`), type: "text/html; charset=utf-8" },
    "/widget/demo.js": { content: readFileSync(`${folder}demo.js`), type: JAVASCRIPT },
    "/widget/demo.css": { content: readFileSync(`${folder}demo.css`), type: "text/css; charset=utf-8" },
  };
  for (const [url, { content, type }] of Object.entries(demoFiles)) {
    app.get(url, HIDDEN, async (_request, reply) => sendDemoFile(reply, content, type));
  }
}
