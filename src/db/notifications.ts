import pg from "pg";

export interface Listener {
  /** Per channel, what each of its notifications' payload does. */
  channels: Record<string, (payload: string) => void>;
  /** On each connection after a break: what was notified while none was open is lost. */
  onReconnect(): void;
}

export interface Listening {
  listening: Promise<void>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * LISTENs on the listener's channels of the PostgreSQL at `url`, on a connection of its own (a pooled one would be handed to
 * statements), and connects again after a break (a restart, a failover), waiting longer each time up to 30 s.
 * Never fails its caller: a database that cannot be reached only delays the notifications. `listening` resolves once
 * the first LISTEN holds; `stop` ends it.
 */
export function listen(url: string, listener: Listener): Listening {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let connectedBefore = false;
  let heard: () => void;
  const listening = new Promise<void>((resolve) => (heard = resolve));

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
    connection.on("notification", ({ channel, payload }) => listener.channels[channel]?.(payload ?? ""));
    try {
      await connection.connect();
      await connection.query(Object.keys(listener.channels).map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join("; "));
      if (stopped) return void (await connection.end().catch(() => {}));
      retryMs = FIRST_RETRY_MS;
      if (connectedBefore) listener.onReconnect();
      connectedBefore = true;
      heard();
    } catch {
      onBreak();
    }
  }

  void connect();
  return {
    listening,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
