import type { Database } from "./db/database.ts";
import { isDatabaseUnavailable } from "./db/failures.ts";
import { listAttributes, upsertAttribute, type AttributeInput } from "./attributes/attributes.ts";
import { notFound } from "./errors.ts";
import { recordFeedback, type FeedbackInput } from "./feedback/feedback.ts";
import type { FeedbackFilters } from "./feedback/filters.ts";
import { listFeedback } from "./feedback/listing.ts";
import { feedbackStats, type GroupBy } from "./feedback/stats.ts";
import { authenticate, cachedPrincipal, type AuthenticateOptions, type KeyKind } from "./keys/keys.ts";
import { ingestThreadWithSummary } from "./memory/ingest.ts";
import { findMemory } from "./memory/lookup.ts";
import { SummaryKeeper, type SummaryLog } from "./memory/summaryKeeper.ts";
import { listProjects } from "./projects/projects.ts";
import type { Summarizer } from "./summarizer/summarizer.ts";
import type { ThreadInput } from "./threads/ingest.ts";
import { listIntents } from "./threads/intents.ts";
import { listThreads, type PageRequest, type ThreadFilters } from "./threads/listing.ts";
import { findThreadMessage, listThreadMessages } from "./threads/messages.ts";
import { listSegments } from "./users/segments.ts";
import { deleteUser, upsertUser, type UserInput } from "./users/users.ts";

/** The specification's exact 404 body of the memory lookup. */
export const NO_MEMORY = "No user or no memory found";

export interface ServiceOptions {
  /** Refines the built-in memory summaries in the background (e.g. an LLM); none: built-in only. */
  summarizer?: Summarizer;
  /** True once the process has begun to shut down: it is no longer ready, whatever the database says. */
  shuttingDown?: () => boolean;
  log: SummaryLog;
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
export function createServices(database: Database, { summarizer, shuttingDown = () => false, log }: ServiceOptions) {
  const { prisma } = database;
  const summaries = new SummaryKeeper({ driver: database.driver, refiner: summarizer, log });
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
      cached: (key: string) => cachedPrincipal(prisma, key),
      authenticate: (key: string, options: AuthenticateOptions) => authenticate(prisma, key, options),
    },
    projects: {
      list: (organizationId: number) => listProjects(prisma, organizationId),
    },
    users: {
      upsert: (organizationId: number, input: UserInput) => upsertUser(database, organizationId, input),
      async delete(organizationId: number, externalId: string): Promise<void> {
        if (!(await deleteUser(prisma, organizationId, externalId))) throw notFound("User not found");
      },
      listSegments: (organizationId: number) => listSegments(prisma, organizationId),
    },
    threads: {
      ingest: (organizationId: number, input: ThreadInput) => ingestThreadWithSummary(database, summaries, organizationId, input),
      list: (organizationId: number, filters: ThreadFilters, page: PageRequest) => listThreads(database.driver, organizationId, filters, page),
      async listMessages(organizationId: number, threadId: number, page: PageRequest) {
        const messages = await listThreadMessages(database.driver, organizationId, threadId, page);
        if (!messages) throw notFound("Thread not found");
        return messages;
      },
      findMessage: (organizationId: number, threadId: number, messageId: number) => findThreadMessage(database.driver, organizationId, threadId, messageId),
      listIntents: (organizationId: number, projectId?: number) => listIntents(prisma, organizationId, projectId),
    },
    feedback: {
      record: (organizationId: number, keyKind: KeyKind, input: FeedbackInput) => recordFeedback(database, organizationId, keyKind, input),
      list: (organizationId: number, filters: FeedbackFilters, page: PageRequest) => listFeedback(prisma, organizationId, filters, page),
      stats: (organizationId: number, filters: FeedbackFilters, groupBy?: GroupBy) => feedbackStats(prisma, organizationId, filters, groupBy),
    },
    attributes: {
      upsert: (organizationId: number, input: AttributeInput) => upsertAttribute(prisma, organizationId, input),
      list: (organizationId: number, projectId?: number) => listAttributes(prisma, organizationId, projectId),
    },
    memory: {
      async find(organizationId: number, userExternalId: string) {
        const memory = await findMemory(database.driver, organizationId, userExternalId);
        if (!memory) throw notFound(NO_MEMORY);
        return memory;
      },
      /** Summaries waiting for or in the background summarizer. */
      pendingSummaries: () => summaries.pending(),
      /** Stops the background summarizer (on close). */
      close: () => summaries.close(),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
