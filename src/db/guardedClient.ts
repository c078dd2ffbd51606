// pg turns what the server sends into strings inside its socket's 'data' handler (pg-protocol's
// parser): a value it cannot make a string of (longer than V8's longest string:
// ERR_STRING_TOO_LONG) throws there, outside any promise, and would end the process. This
// client's socket is destroyed with that error instead: pg fails the statement in flight with it
// (a 500 for that request alone), the connection is no longer queryable, and the pool drops it.
import type { Socket } from "node:net";
import pg from "pg";

interface ConnectionInternals {
  attachListeners(stream: Socket): void;
}

type DataListener = (this: Socket, chunk: Buffer) => void;

export class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const connection = this.connection as unknown as ConnectionInternals;
    const attach = connection.attachListeners.bind(connection);
    // Called with the TCP socket, or the TLS stream over it after SSL negotiation.
    connection.attachListeners = (stream) => {
      const before = new Set(stream.listeners("data"));
      attach(stream);
      for (const listener of stream.listeners("data") as DataListener[]) {
        if (before.has(listener)) continue;
        stream.removeListener("data", listener);
        stream.on("data", function guarded(this: Socket, chunk: Buffer) {
          try {
            listener.call(this, chunk);
          } catch (error) {
            stream.destroy(error instanceof Error ? error : new Error(String(error)));
          }
        });
      }
    };
  }
}
