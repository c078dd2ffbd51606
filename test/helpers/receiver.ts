import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Teardown } from "./transport.ts";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Answers one request: a status code (the answer sent at once) or a handling of its own. */
export type Answer = number | ((request: http.IncomingMessage, response: http.ServerResponse) => void);

/** A local webhook receiver: records every request and answers what `answer` says (200 unless told). */
export async function startReceiver(t: Teardown, answer: (received: Received, index: number) => Answer = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      const given = answer(entry, received.length - 1);
      if (typeof given === "number") response.writeHead(given).end();
      else given(request, response);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}
