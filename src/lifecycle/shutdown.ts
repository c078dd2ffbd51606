import type { FastifyBaseLogger } from "fastify";

export interface ShutdownOptions {
  /** Answers what reaches the server, stops accepting connections once none waits, resolves once all are closed. */
  closeServer(): Promise<void>;
  closeDatabase(): Promise<void>;
  /** After this long the process exits with 1, whatever is still running. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

const SIGNALS = ["SIGTERM", "SIGINT"] as const;

/** On SIGTERM or SIGINT: answer what is in flight, close the database, exit 0 (1 when it takes too long or fails). */
export function exitGracefullyOnSignals({ closeServer, closeDatabase, timeoutMs, log }: ShutdownOptions): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs }, "shutting down: answering the requests in flight");
    setTimeout(() => {
      log.error({ timeoutMs }, "shutdown took too long; exiting with requests unfinished");
      process.exit(1);
    }, timeoutMs);
    try {
      await closeServer();
      await closeDatabase();
      log.info("shut down");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  for (const signal of SIGNALS) process.on(signal, () => void stop(signal));
}
