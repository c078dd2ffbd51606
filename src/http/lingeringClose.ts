import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** How long, and how many more bytes, a connection is read and discarded after its early answer. */
export const LINGER_MS = 10_000;
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
const LINGER_CHECK_MS = 100;

/**
 * Half-closes the connection (the answer is on its way, followed by a FIN) and goes on reading what the
 * client still sends, discarded by Node's HTTP parser, until the client closes or a bound is reached.
 */
function linger(socket: Socket): void {
  const readBefore = socket.bytesRead;
  socket.end();
  const overSize = setInterval(() => {
    if (socket.bytesRead - readBefore > LINGER_MAX_BYTES) socket.destroy();
  }, LINGER_CHECK_MS).unref();
  const overTime = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once("close", () => {
    clearInterval(overSize);
    clearTimeout(overTime);
  });
}

/**
 * An answer sent before the request's body has all arrived (a 413 over the body limit, a 401 before
 * the body is read) is followed by a lingering close, as nginx does. Node closes such a connection
 * as soon as the answer is written: the bytes the client is still sending then arrive at a closed
 * socket, the kernel answers them with a reset, and a client that writes its whole body before
 * reading (curl, most libraries) loses the answer waiting in its buffer and sees EPIPE. Node closes
 * through `socket.destroySoon()` when the response is done; on these sockets it lingers instead.
 */
async function lingeringClose(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", (request, reply, payload, done) => {
    // `complete` is false on a real connection whose body has not all been read (undefined under inject).
    if (request.raw.complete === false) {
      reply.header("connection", "close");
      const socket = request.raw.socket;
      let lingering = false;
      socket.destroySoon = () => {
        if (lingering) return;
        lingering = true;
        linger(socket);
      };
    }
    done(null, payload);
  });
}

export default fp(lingeringClose, { name: "lingering-close" });
