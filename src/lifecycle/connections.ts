import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Makes `server.close()` graceful for responses already being written. Node's own
 * closeIdleConnections() (called by server.close() since Node 19) destroys a socket as soon as its
 * response has been handed to res.end(), even while a large body is still queued in the socket, so
 * the client gets a truncated response. Instead: sockets with no response in flight are ended at
 * once, the others right after their response has been handed to the operating system.
 */
export function closeConnectionsGracefully(server: Server): void {
  const responsesInFlight = new Map<Socket, number>();
  let closing = false;

  server.on("connection", (socket: Socket) => {
    responsesInFlight.set(socket, 0);
    socket.once("close", () => responsesInFlight.delete(socket));
  });

  server.on("request", (request, response) => {
    const socket: Socket = request.socket;
    responsesInFlight.set(socket, (responsesInFlight.get(socket) ?? 0) + 1);
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      const remaining = (responsesInFlight.get(socket) ?? 1) - 1;
      responsesInFlight.set(socket, remaining);
      if (closing && remaining === 0) socket.end();
    };
    response.once("finish", settle);
    response.once("close", settle);
  });

  server.closeIdleConnections = () => {
    closing = true;
    for (const [socket, inFlight] of responsesInFlight) if (inFlight === 0) socket.end();
  };
}
