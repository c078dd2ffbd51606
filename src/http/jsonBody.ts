import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ClientError } from "../errors.ts";
import { validatorCompiler } from "./validation.ts";

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;
const UTF8 = new Set(["utf-8", "utf8"]);

/** The body's Content-Encoding codings other than `identity`, as sent ("gzip", "br, gzip"), or undefined. */
function contentCoding(header: string | undefined): string | undefined {
  const codings = (header ?? "").split(",").map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== "" && coding !== "identity");
  return codings.length > 0 ? codings.join(", ") : undefined;
}

/**
 * JSON bodies are UTF-8 (RFC 8259). Fastify decodes them leniently: bytes that are not UTF-8 (`\xff`, an
 * encoded surrogate) became U+FFFD, so two different external ids could land on the same user, and a body
 * declared latin1 or UTF-16 was read as UTF-8 anyway. Here a declared other charset is a 415, and bytes
 * that are not UTF-8 are a 400. Fastify does not decompress either: a compressed body (any
 * Content-Encoding but identity) is a 415 rather than bytes read as text, or a plain body read as JSON
 * whatever its header says.
 */
function acceptOnlyUtf8Json(app: FastifyInstance): void {
  // Keys named __proto__ or constructor stay plain data here (JSON.parse never sets a prototype): the
  // request's checks refuse them naming the key (src/http/validation.ts), not as JSON that is not valid.
  const parseJson = app.getDefaultJsonParser("ignore", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const coding = contentCoding(request.headers["content-encoding"]);
    if (coding !== undefined) {
      return done(new ClientError(415, `Unsupported Media Type: Content-Encoding '${coding}'; send the body uncompressed`), undefined);
    }
    const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
    if (charset !== undefined && !UTF8.has(charset)) {
      return done(new ClientError(415, `Unsupported Media Type: charset '${charset}'; send JSON encoded as UTF-8`), undefined);
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body as Buffer);
    } catch {
      return done(new ClientError(400, "Request body is not valid UTF-8"), undefined);
    }
    parseJson(request, text, done);
  });
}

/**
 * A request without a body has nothing to parse, whatever its Content-Type says: clients that set
 * `Content-Type: application/json` on every request send it on a DELETE too, which Fastify would parse
 * as an empty JSON body (a 400). Such a request answers as it would without the header.
 */
function ignoreContentTypeWithoutBody(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const { headers } = request.raw;
    const bodyless = headers["transfer-encoding"] === undefined && (headers["content-length"] === undefined || headers["content-length"] === "0");
    if (bodyless) delete headers["content-type"];
    done();
  });
}

/**
 * Only JSON bodies, in UTF-8, are accepted (anything else is a 415 rather than a string to validate),
 * and validated by the service's own compilers (src/http/validation.ts).
 */
async function jsonRequests(app: FastifyInstance): Promise<void> {
  ignoreContentTypeWithoutBody(app);
  app.removeContentTypeParser("text/plain");
  acceptOnlyUtf8Json(app);
  app.setValidatorCompiler(validatorCompiler);
}

export default fp(jsonRequests, { name: "json-requests" });
