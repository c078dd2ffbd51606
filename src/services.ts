import type { Database } from "./db/database.ts";
import { isDatabaseUnavailable } from "./db/failures.ts";
import { listAttributes, upsertAttribute, type AttributeInput } from "./attributes/attributes.ts";
import { notFound } from "./errors.ts";
import { createFeedback, type FeedbackCaller, type FeedbackInput } from "./feedback/feedback.ts";
import type { FeedbackFilters } from "./feedback/filters.ts";
import { listFeedback } from "./feedback/listing.ts";
import { feedbackStats, type GroupBy } from "./feedback/stats.ts";
import { KeyCache } from "./keys/keyCache.ts";
import { authenticate, cachedPrincipal, KEY_REVOKED_CHANNEL, revokeApiKey, type AuthenticateOptions, type Principal } from "./keys/keys.ts";
import { createBuiltinFactExtractor, type FactExtractor } from "./memory/facts/extractor.ts";
import { forgetFact, listFacts, memoryContext, searchMessages } from "./memory/facts/facts.ts";
import { getMemory } from "./memory/summaries.ts";
import { FactRefiner } from "./memory/facts/refiner.ts";
import { SummaryKeeper, type SummaryLog } from "./memory/summaryKeeper.ts";
import { listProjects } from "./projects/projects.ts";
import type { Summarizer } from "./summarizer/summarizer.ts";
import { createThread, type FactKeeping, type ThreadInput } from "./threads/ingest.ts";
import { listIntents } from "./threads/intents.ts";
import { listThreads, type PageRequest, type ThreadFilters } from "./threads/listing.ts";
import { findThreadMessage, listThreadMessages } from "./threads/messages.ts";
import { authenticateToken, cachedToken, forgetSigningSecrets, isFeedbackToken, mintToken, SECRET_ROTATED_CHANNEL, type TokenRequest } from "./tokens/tokens.ts";
import { listSegments } from "./users/segments.ts";
import { deleteUser, upsertUser, type UserInput } from "./users/users.ts";
import { createAlert, deleteAlert, listAlerts, type AlertInput } from "./alerts/alerts.ts";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, testWebhook, type WebhookInput } from "./webhooks/endpoints.ts";
import type { UrlPolicy } from "./webhooks/url.ts";
import { DeliveryWorker, type WorkerOptions } from "./webhooks/worker.ts";

/** The specification's exact 404 body of the memory lookup. */
export const NO_MEMORY = "No user or no memory found";

export interface ServiceOptions {
  /** Refines the built-in memory summaries in the background (e.g. an LLM); none: built-in only. */
  summarizer?: Summarizer;
  /** Finds the user's facts in what they write, in the ingest transaction (default: the built-in extractor). */
  factExtractor?: FactExtractor;
  /** Refines those facts in the background after commit (the LLM extractor, src/memory/facts/configured.ts); none: built-in only. */
  factRefiner?: FactExtractor;
  /** True once the process has begun to shut down: it is no longer ready, whatever the database says. */
  shuttingDown?: () => boolean;
  log: SummaryLog & WorkerOptions["log"];
  /** Which webhook URLs may be registered (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  webhookUrls: UrlPolicy;
  /** This instance's webhook delivery worker, which also takes the deliveries of the events written here; none: they wait for another instance's. */
  webhookDelivery?: Omit<WorkerOptions, "db" | "log">;
}

/**
 * Whether the service can take requests: not shutting down, and the database answers; `unexpected` is a failure
 * that is not the database being unreachable (worth logging).
 */
export type Readiness = { ready: true } | { ready: false; shuttingDown: true } | { ready: false; unexpected?: unknown };

/**
 * One service per domain, each a thin object over the domain's functions with the database bound,
 * so that handlers never see the Prisma client. Every organization-scoped call takes the
 * organization of the request's key first. Something asked for by id that does not exist is a
 * `notFound` error thrown here (or by the domain): handlers never answer 404 themselves.
 */
export function createServices(
  database: Database,
  { summarizer, factExtractor = createBuiltinFactExtractor(), factRefiner, shuttingDown = () => false, log, webhookUrls, webhookDelivery }: ServiceOptions,
) {
  const { prisma } = database;
  const summaries = new SummaryKeeper({ driver: database.driver, refiner: summarizer, log });
  const keyCache = new KeyCache<Principal>();
  const localWorker = webhookDelivery && new DeliveryWorker({ db: database.driver, log, ...webhookDelivery });
  const facts: FactKeeping = {
    extractor: factExtractor,
    ...(factRefiner ? { refiner: new FactRefiner({ driver: database.driver, extractor: factRefiner, log, localWorker }) } : {}),
  };
  return {
    system: {
      async readiness(): Promise<Readiness> {
        if (shuttingDown()) return { ready: false, shuttingDown: true };
        try {
          await database.ping();
          return { ready: true };
        } catch (error) {
          return { ready: false, ...(isDatabaseUnavailable(error) ? {} : { unexpected: error }) };
        }
      },
    },
    keys: {
      cached: (key: string) => (isFeedbackToken(key) ? cachedToken(database, key) : cachedPrincipal(keyCache, key)),
      authenticate: (key: string, options: AuthenticateOptions) =>
        isFeedbackToken(key) ? authenticateToken(database, key, options) : authenticate(prisma, keyCache, key, options),
      /** Revokes an API key (whole, or by its display prefix), which this process then refuses at once. */
      revoke: (keyOrPrefix: string) => revokeApiKey(prisma, keyOrPrefix, keyCache),
      /** Forgets the keys other processes revoke and the token secrets they rotate as they do (PostgreSQL's notifications), until `stop`. */
      watchRevocations: () =>
        database.listen?.({
          channels: {
            [KEY_REVOKED_CHANNEL]: (prefix) => keyCache.forget(prefix),
            [SECRET_ROTATED_CHANNEL]: (organizationId) => forgetSigningSecrets(database, Number(organizationId)),
          },
          onReconnect: () => {
            keyCache.forgetAll();
            forgetSigningSecrets(database);
          },
        }),
    },
    tokens: {
      mint: (organizationId: number, request: TokenRequest) => mintToken(database, organizationId, request),
    },
    projects: {
      list: (organizationId: number) => listProjects(prisma, organizationId),
    },
    users: {
      upsert: (organizationId: number, input: UserInput) => upsertUser(database, organizationId, input),
      async delete(organizationId: number, externalId: string): Promise<void> {
        if (!(await deleteUser(database, organizationId, externalId, localWorker))) throw notFound("User not found");
      },
      listSegments: (organizationId: number) => listSegments(database.driver, organizationId),
    },
    threads: {
      create: (organizationId: number, input: ThreadInput) => createThread(database, summaries, organizationId, input, facts, localWorker),
      list: (organizationId: number, filters: ThreadFilters, page: PageRequest) => listThreads(database.driver, organizationId, filters, page),
      async listMessages(organizationId: number, threadId: number, page: PageRequest) {
        const messages = await listThreadMessages(database.driver, organizationId, threadId, page);
        if (!messages) throw notFound("Thread not found");
        return messages;
      },
      findMessage: (organizationId: number, threadId: number, messageId: number) => findThreadMessage(database.driver, organizationId, threadId, messageId),
      listIntents: (organizationId: number, projectId?: number) => listIntents(database.driver, organizationId, projectId),
    },
    feedback: {
      create: (organizationId: number, caller: FeedbackCaller, input: FeedbackInput) => createFeedback(database, organizationId, caller, input, localWorker),
      list: (organizationId: number, filters: FeedbackFilters, page: PageRequest) => listFeedback(database.driver, organizationId, filters, page),
      stats: (organizationId: number, filters: FeedbackFilters, groupBy?: GroupBy) => feedbackStats(database.driver, organizationId, filters, groupBy),
    },
    attributes: {
      upsert: (organizationId: number, input: AttributeInput) => upsertAttribute(database.driver, organizationId, input),
      list: (organizationId: number, projectId?: number) => listAttributes(database.driver, organizationId, projectId),
    },
    webhooks: {
      create: (organizationId: number, input: WebhookInput) => createWebhook(database.driver, webhookUrls, organizationId, input),
      list: (organizationId: number) => listWebhooks(database.driver, organizationId),
      delete: (organizationId: number, id: number) => deleteWebhook(database.driver, organizationId, id),
      test: (organizationId: number, id: number) => testWebhook(database.driver, organizationId, id),
      deliveries: (organizationId: number, id: number) => listDeliveries(database.driver, organizationId, id),
      /** Starts this instance's delivery worker, if it has one (once the app is ready). */
      startDelivering: () => localWorker?.start(),
      /** Stops it (on close): what it has not sent is left due for the next worker. */
      stopDelivering: async () => localWorker?.stop(),
    },
    alerts: {
      create: (organizationId: number, input: AlertInput) => createAlert(database.driver, organizationId, input),
      list: (organizationId: number) => listAlerts(database.driver, organizationId),
      delete: (organizationId: number, id: number) => deleteAlert(database.driver, organizationId, id),
    },
    memory: {
      async get(organizationId: number, userExternalId: string) {
        const memory = await getMemory(database.driver, organizationId, userExternalId);
        if (!memory) throw notFound(NO_MEMORY);
        return memory;
      },
      facts: (organizationId: number, userExternalId: string, options: { history: boolean; limit: number }) =>
        listFacts(database.driver, organizationId, userExternalId, options),
      forgetFact: (organizationId: number, factId: number) => forgetFact(database.driver, organizationId, factId, localWorker),
      context: (organizationId: number, userExternalId: string, options: { maxChars: number; q?: string }) =>
        memoryContext(database.driver, organizationId, userExternalId, options),
      search: (organizationId: number, userExternalId: string, options: { q: string; limit: number }) =>
        searchMessages(database.driver, organizationId, userExternalId, options),
      /** Summaries waiting for or in the background summarizer. */
      pendingSummaries: () => summaries.pending(),
      /** Stops the background summarizer and fact refiner (on close). */
      close: () => Promise.all([summaries.close(), facts.refiner?.close()]),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
