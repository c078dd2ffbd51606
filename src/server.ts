import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { DatabaseInUseError } from "./db/folderLock.ts";
import { EXIT_CODES } from "./exitCodes.ts";
import { loggerOptions } from "./http/logging.ts";
import { drainConnections } from "./lifecycle/connections.ts";
import { exitGracefullyOnSignals } from "./lifecycle/shutdown.ts";
import { bootstrapDefaultOrganization, type InitializedOrganization } from "./organizations/organizations.ts";
import { configuredFactRefiner } from "./memory/facts/configured.ts";
import { configuredSummarizer } from "./summarizer/configured.ts";

function announce(created: InitializedOrganization): void {
  process.stdout.write(
    [
      "",
      `Created organization 'default' (id ${created.organizationId}) with project 'default' (id ${created.projectId}).`,
      "Its API keys are shown this once; store them now:",
      `  private key: ${created.privateKey}`,
      `  public key:  ${created.publicKey}`,
      "",
    ].join("\n") + "\n",
  );
}

/** Startup failures an operator can fix get one line and an exit code of their own, not a stack trace. */
async function exitOnKnownFailure(error: unknown, database?: Database): Promise<never> {
  const code = (error as NodeJS.ErrnoException).code;
  if (!(error instanceof DatabaseInUseError) && code !== "EADDRINUSE") throw error;
  await database?.close();
  process.stderr.write(
    error instanceof DatabaseInUseError
      ? `service: ${error.message}\n`
      : `service: cannot listen on ${config.host}:${config.port}: another process is using that port (set PORT to another one)\n`,
  );
  process.exit(error instanceof DatabaseInUseError ? EXIT_CODES.databaseInUse : EXIT_CODES.portInUse);
}

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.pool }).catch((error) =>
  exitOnKnownFailure(error),
);
const applied = await database.migrate();

const app = await buildApp({
  database,
  logger: loggerOptions(config.logLevel),
  bodyLimitBytes: config.bodyLimitBytes,
  summarizer: configuredSummarizer(config.summarizer),
  factRefiner: configuredFactRefiner(config.summarizer),
  metrics: config.metricsEnabled,
  timeouts: config.timeouts,
  trustProxy: config.trustProxy,
  console: config.consoleEnabled,
  rateLimit: { ...config.rateLimit, redisUrl: config.redisUrl },
  cors: { origins: config.corsOrigins },
  webhooks: config.webhooks,
  background: { alertIntervalSeconds: config.alertIntervalSeconds },
  // `connections` is set below, before the server listens and so before any /ready.
  shuttingDown: () => connections.draining,
});
if (applied.length > 0) app.log.info({ migrations: applied }, "applied database migrations");

// Half of the shutdown timeout to take connections, half to answer them.
const connections = drainConnections(app.server, { listenAtMostMs: config.shutdownTimeoutMs / 2 });
exitGracefullyOnSignals({
  closeServer: async () => {
    await connections.drain();
    await app.close();
  },
  closeDatabase: () => database.close(),
  timeoutMs: config.shutdownTimeoutMs,
  log: app.log,
});

// Listen before the first-start bootstrap: keys printed by a process that then cannot serve would be lost.
await app.listen({ port: config.port, host: config.host }).catch((error) => exitOnKnownFailure(error, database));
const created = await bootstrapDefaultOrganization(database.prisma);
if (created) announce(created);
app.log.info({ database: database.kind }, "service ready");
