import { once } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { drainConnections, type DrainOptions } from "../../src/lifecycle/connections.ts";
import { answerOf, openSocket } from "./rawHttp.ts";

/** A local HTTP server on a free port. */
export async function listening(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A server with a drain, and a connection to it that the server has accepted. */
export async function acceptedConnection(handler: RequestListener, options: Partial<DrainOptions> = {}) {
  const { server, url } = await listening(handler);
  const drain = drainConnections(server, options);
  const accepted = once(server, "connection");
  const socket = await openSocket(url);
  await accepted;
  return { drain, socket, answer: answerOf(socket) };
}
