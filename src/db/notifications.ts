import pg from "pg";

export interface Listener {
  /** Each notification's payload. */
  onNotify(payload: string): void;
  /** On each connection after a break: what was notified while none was open is lost. */
  onReconnect(): void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * LISTENs on `channel` of the PostgreSQL at `url`, on a connection of its own (a pooled one would be handed to
 * statements), and connects again after a break (a restart, a failover), waiting longer each time up to 30 s.
 * Never fails its caller: a database that cannot be reached only delays the notifications. `stop` ends it.
 */
export function listen(url: string, channel: string, listener: Listener): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const again = () => {
    client = undefined;
    if (stopped) return;
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({ connectionString: url });
    client = connection;
    let broken = false;
    const onBreak = () => {
      if (broken) return;
      broken = true;
      void connection.end().catch(() => {});
      again();
    };
    connection.on("error", onBreak);
    connection.on("end", onBreak);
    connection.on("notification", ({ channel: from, payload }) => {
      if (from === channel) listener.onNotify(payload ?? "");
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await connection.end().catch(() => {}));
      retryMs = FIRST_RETRY_MS;
      if (connectedBefore) listener.onReconnect();
      connectedBefore = true;
    } catch {
      onBreak();
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
