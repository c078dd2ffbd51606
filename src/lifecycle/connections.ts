import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface DrainOptions {
  /** The listening socket stays open at least this long after the drain starts (clients still in their handshake)… */
  listenAtLeastMs: number;
  /** …then until no connection waits to be accepted, but at most this long. */
  listenAtMostMs: number;
  /** A connection that has not sent a request yet gets this long (from the drain, or from its accept) to send one. */
  firstRequestGraceMs: number;
}

export const DEFAULT_DRAIN: DrainOptions = { listenAtLeastMs: 100, listenAtMostMs: 5_000, firstRequestGraceMs: 2_000 };

export interface ConnectionDrain {
  /** True from the start of drain() (or server.close()) on. */
  readonly draining: boolean;
  /**
   * Answers every request that reaches the server, each with `Connection: close`, closes the listening socket once
   * connections stop arriving, and resolves when every connection has closed, its response delivered to the OS.
   */
  drain(): Promise<void>;
}

interface Connection {
  socket: Socket;
  requests: number;
  /** Its responses not yet finished: more than one only when the client pipelines. */
  inFlight: ServerResponse[];
  /** Its place among the open connections. */
  index: number;
}

const CONNECTION = Symbol("connection");

type TrackedSocket = Socket & { [CONNECTION]?: Connection };

/**
 * Shutdown without cutting anything off. Node's server.close() loses requests three ways:
 * - it closes the listening socket at once, and the kernel resets every connection still waiting in its accept
 *   queue (handshake done, request sent, not yet accepted by a busy event loop);
 * - its closeIdleConnections() destroys every socket with no response in flight, including one just accepted
 *   whose request is still unread in the socket buffer;
 * - it destroys a socket as soon as its response has been handed to res.end(), while a large body is still
 *   queued in the socket.
 * Here the listening socket stays open until no connection waits in the accept queue; a connection with no
 * request yet gets a grace period to send one; an idle keep-alive connection is ended once the listener is
 * closed, any other right after its response.
 */
export function drainConnections(server: Server, drainOptions: Partial<DrainOptions> = {}): ConnectionDrain {
  const options = { ...DEFAULT_DRAIN, ...drainOptions };
  // An array, and each connection on its socket: no Set or Map, no WeakMap. V8 replaces a Set's or Map's table as
  // entries come and go, and the old table keeps pointing to the new one and to what it held; churned once per
  // request or connection, such tables chain whole requests into the old generation and slow every young-generation
  // collection (docs/performance.md). A WeakMap keeps closed sockets young-alive the same way.
  const open: Connection[] = [];
  let draining = false;
  let listenerClosed = false;
  let accepted = 0;

  const endIfIdle = ({ socket, inFlight, requests }: Connection) => {
    if (inFlight.length === 0 && requests > 0 && listenerClosed) socket.destroySoon();
  };

  const awaitFirstRequest = (connection: Connection) => {
    setTimeout(() => {
      // After one more poll of the event loop: a request already in the socket buffer is read first.
      setImmediate(() => {
        if (connection.requests === 0 && connection.socket.bytesRead === 0) connection.socket.destroySoon();
      });
    }, options.firstRequestGraceMs).unref();
  };

  const startDraining = () => {
    if (draining) return;
    draining = true;
    for (const connection of open) {
      for (const response of connection.inFlight) if (!response.headersSent) response.setHeader("connection", "close");
      if (connection.requests === 0) awaitFirstRequest(connection);
    }
  };

  server.on("connection", (socket: Socket) => {
    const connection: Connection = { socket, requests: 0, inFlight: [], index: open.length };
    open.push(connection);
    (socket as TrackedSocket)[CONNECTION] = connection;
    socket.once("close", () => {
      const last = open.pop()!;
      if (last === connection) return;
      open[connection.index] = last;
      last.index = connection.index;
    });
    accepted += 1;
    if (draining) awaitFirstRequest(connection);
  });

  // Before Fastify's own listener, so that the header is set before anything is sent.
  server.prependListener("request", (request, response: ServerResponse) => {
    const connection = (request.socket as TrackedSocket)[CONNECTION];
    if (!connection) return;
    connection.requests += 1;
    connection.inFlight.push(response);
    if (draining) response.setHeader("connection", "close");
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      connection.inFlight.splice(connection.inFlight.indexOf(response), 1);
      endIfIdle(connection);
    };
    response.once("finish", settle);
    response.once("close", settle);
  });

  // server.close() calls this; Node's own would destroy sockets whose request is still unread.
  server.closeIdleConnections = () => {
    startDraining();
    listenerClosed = true;
    for (const connection of [...open]) endIfIdle(connection);
  };

  // libuv accepts one connection per event-loop iteration (libuv PR #3696), and an iteration of a busy server can
  // take hundreds of milliseconds: 20 queued connections may need seconds to be accepted. An iteration that
  // accepted nothing means that the queue was empty.
  const untilAcceptQueueEmpty = (startedAt: number) =>
    new Promise<void>((resolve) => {
      const deadline = startedAt + options.listenAtMostMs;
      const check = () =>
        setImmediate(() => {
          const before = accepted;
          // The next immediate runs after a whole poll phase, which accepts a waiting connection if there is one.
          setImmediate(() => (accepted === before || Date.now() >= deadline ? resolve() : check()));
        });
      setTimeout(check, options.listenAtLeastMs);
    });

  return {
    get draining() {
      return draining;
    },
    async drain() {
      startDraining();
      await untilAcceptQueueEmpty(Date.now());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
