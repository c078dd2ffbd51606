import { buildApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { loggerOptions } from "./http/logging.ts";
import { closeConnectionsGracefully } from "./lifecycle/connections.ts";
import { exitGracefullyOnSignals } from "./lifecycle/shutdown.ts";
import { bootstrapDefaultOrganization, type InitializedOrganization } from "./organizations/organizations.ts";
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

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.pool });
const applied = await database.migrate();
const created = await bootstrapDefaultOrganization(database.prisma);
if (created) announce(created);

const app = await buildApp({
  database,
  logger: loggerOptions(config.logLevel),
  bodyLimitBytes: config.bodyLimitBytes,
  summarizer: configuredSummarizer(config.summarizer),
  metrics: config.metricsEnabled,
  console: config.consoleEnabled,
  rateLimit: { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl },
});
if (applied.length > 0) app.log.info({ migrations: applied }, "applied database migrations");

closeConnectionsGracefully(app.server);
exitGracefullyOnSignals({
  closeServer: () => app.close(),
  closeDatabase: () => database.close(),
  timeoutMs: config.shutdownTimeoutMs,
  log: app.log,
});

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: database.kind }, "service ready");
