import { createServer, connect, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /**
   * Cuts every open connection and then refuses new ones (the port stops listening), like a stopped database;
   * with acceptAndHang, accepts new ones but never answers, like an unreachable host.
   */
  goDown(options?: { acceptAndHang?: boolean }): Promise<void>;
  /** Listens on the same port again and forwards as before. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 between the service and a database server, to simulate outages. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let hanging = false;
  const forward = (client: Socket) => {
    if (hanging) {
      open.add(client);
      client.on("close", () => open.delete(client));
      return void client.on("error", () => {});
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };

  let server: Server = createServer(forward);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };

  const port = await listen(0);
  return {
    port,
    async goDown({ acceptAndHang = false } = {}) {
      hanging = acceptAndHang;
      const closed = acceptAndHang ? undefined : stopListening();
      cutAll();
      await closed;
    },
    async comeBack() {
      if (hanging) {
        hanging = false;
        cutAll();
        return;
      }
      server = createServer(forward);
      await listen(port);
    },
    async close() {
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}

/** DATABASE_URL with its host and port replaced by the proxy's. */
export function urlThroughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  return url.toString();
}

export function targetOf(databaseUrl: string): { host: string; port: number } {
  const url = new URL(databaseUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}
