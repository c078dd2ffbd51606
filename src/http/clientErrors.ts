import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

interface ClientError extends Error {
  code?: string;
}

/** What Node's HTTP parser refused, in the service's words: [status, error]. */
function answerFor(code: string | undefined): [number, string] {
  switch (code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "Request Timeout - the request did not arrive in time"];
    case "HPE_HEADER_OVERFLOW":
      return [431, "Request Header Fields Too Large - the request line and headers are over 16 KiB"];
    case "HPE_INVALID_URL":
      return [400, "Bad Request - the URL is not valid: percent-encode spaces and characters outside ASCII"];
    case "HPE_INVALID_METHOD":
      return [400, "Bad Request - the HTTP method is not valid"];
    case "HPE_INVALID_VERSION":
      return [400, "Bad Request - the HTTP version is not valid"];
    case "HPE_INVALID_HEADER_TOKEN":
    case "HPE_INVALID_CHARACTER":
    case "HPE_CR_EXPECTED":
    case "HPE_LF_EXPECTED":
      return [400, "Bad Request - a header is not valid HTTP"];
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
      return [400, "Bad Request - Content-Length is not valid"];
    case "HPE_INVALID_TRANSFER_ENCODING":
    case "HPE_INVALID_CHUNK_SIZE":
      return [400, "Bad Request - the chunked body is not valid"];
    default:
      return [400, `Bad Request - the request is not valid HTTP${code ? ` (${code})` : ""}`];
  }
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a malformed request line or
 * header, headers over the limit, a request that took too long) answer in the service's shape,
 * `{ "error": "…" }`, with a request id like every other answer, and close the connection.
 */
export function clientErrorHandler(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const requestId = randomUUID();
  const [status, message] = answerFor(error.code);
  this.log.info({ requestId, code: error.code, status }, "malformed request refused");
  if (socket.writable) {
    const body = JSON.stringify({ error: message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
