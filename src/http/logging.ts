import type { FastifyServerOptions } from "fastify";

/** Masks the `apiKey` query parameter, the one place a key can appear in a URL. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]apiKey=)[^&#]*/gi, "$1[REDACTED]");
}

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: ["req.headers.authorization", 'req.headers["api-key"]'], censor: "[REDACTED]" },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
      }),
    },
  };
}
