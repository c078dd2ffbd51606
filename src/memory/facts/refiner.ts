import type { Driver } from "../../db/driver.ts";
import { recordEvent } from "../../webhooks/events.ts";
import type { LocalWorker } from "../../webhooks/handoff.ts";
import { BackgroundQueue, type QueueLimits } from "../backgroundQueue.ts";
import type { SummaryLog } from "../summaryKeeper.ts";
import { extractFacts, type ExtractedFact, type FactExtractor } from "./extractor.ts";
import { addedMessages, keepStatedFacts, knownFacts, type AddedRange } from "./keeper.ts";
import { promptMessages } from "./llm.ts";
import { DROP_FACT, FORGOTTEN_STATEMENTS, LOCK_USER, MESSAGE_FACTS, RELINK_FACT } from "./sql.ts";
import { statementKey } from "./supersede.ts";

export interface FactRefinerOptions {
  driver: Driver;
  /** The extractor whose facts replace the built-in ones (the LLM one); it throws when its reply is not usable. */
  extractor: FactExtractor;
  log: SummaryLog;
  limits?: QueueLimits;
  /** This instance's webhook delivery worker, which takes the deliveries of the events written. */
  localWorker?: LocalWorker;
}

const sameFact = (a: Pick<ExtractedFact, "subject" | "text" | "messageId">, b: Pick<ExtractedFact, "subject" | "text" | "messageId">) =>
  a.messageId === b.messageId && a.subject === b.subject && statementKey(a.text) === statementKey(b.text);

/**
 * Refines the facts of each ingest after it commits. The built-in extractor's facts are kept in
 * the ingest transaction (current when Create Thread answers); then the refiner's extractor reads
 * the messages the ingest added (those that fit its prompt) and its facts replace the built-in
 * ones of those messages, in a transaction of their own, through the same supersession (by
 * statedAt, across the user's threads, no repeats, forgotten statements stay forgotten). A
 * failing extractor, or a reply that is not valid or drops its source, leaves the built-in facts.
 */
export class FactRefiner {
  private readonly driver: Driver;
  private readonly extractor: FactExtractor;
  private readonly log: SummaryLog;
  private readonly queue: BackgroundQueue;
  private readonly localWorker: LocalWorker | undefined;

  constructor({ driver, extractor, log, limits = { concurrency: 2, maxPending: 10_000 }, localWorker }: FactRefinerOptions) {
    this.driver = driver;
    this.localWorker = localWorker;
    this.extractor = extractor;
    this.log = log;
    this.queue = new BackgroundQueue(
      limits,
      (error, key) => log.warn({ err: error, ingest: key }, "fact extractor failed; the messages keep their built-in facts"),
      (key) => log.warn({ ingest: key }, "fact extractor queue full; the messages keep their built-in facts"),
    );
  }

  /** After commit: queues the refinement of the facts of the messages one ingest added. Each ingest is its own job (none replaces another's range). */
  refineLater(organizationId: number, threadId: number, range: AddedRange): void {
    this.queue.push(`${organizationId}/${threadId}/${range.after}-${range.upTo}`, (signal) => this.refine(organizationId, threadId, range, signal));
  }

  private async refine(organizationId: number, threadId: number, range: AddedRange, signal: AbortSignal): Promise<void> {
    const added = await addedMessages(this.driver, organizationId, threadId, range.after, range.upTo);
    const read = promptMessages(added.messages);
    const statedAt = new Map(read.flatMap((message) => (added.statedAt.has(message.id) ? [[message.id, added.statedAt.get(message.id)!] as const] : [])));
    if (statedAt.size === 0 || added.userId === undefined) return;
    const refined = await this.extractor.extract(read, signal);
    if (signal.aborted) return;
    const userId = added.userId;
    const changed = await this.driver.transaction(async (tx) => {
      if ((await tx.rows(LOCK_USER, { organizationId, userId })).length === 0) return false;
      const builtin = await tx.rows(MESSAGE_FACTS, { organizationId, messageIds: [...statedAt.keys()] });
      const dropped = builtin.filter((fact) => !refined.some((other) => sameFact(fact, other)));
      for (const fact of dropped) {
        const [previous] = await tx.rows(DROP_FACT, { organizationId, factId: fact.id });
        if (previous) await tx.rows(RELINK_FACT, { organizationId, factId: previous.previousId, invalidAt: previous.invalidAt, supersededById: previous.supersededById });
      }
      // A built-in fact the user asked to forget since the ingest: the LLM's fact of its subject and message, in other words, stays forgotten too.
      const forgotten = new Set(
        (await tx.rows(FORGOTTEN_STATEMENTS, { organizationId, userId, subjects: [...new Set(refined.map((fact) => fact.subject))] })).map(
          ({ subject, statement }) => `${subject}\n${statement}`,
        ),
      );
      const forgottenSources = new Set(
        extractFacts(added.messages, await knownFacts(tx, organizationId, userId))
          .filter((fact) => forgotten.has(`${fact.subject}\n${statementKey(fact.text)}`))
          .map((fact) => `${fact.subject}\n${fact.messageId}`),
      );
      const additions = refined.filter(
        (fact) => !builtin.some((other) => sameFact(fact, other)) && !forgottenSources.has(`${fact.subject}\n${fact.messageId}`),
      );
      const kept = await keepStatedFacts(tx, organizationId, userId, additions, statedAt);
      if (dropped.length > 0 || kept) await recordEvent(tx, organizationId, { type: "memory.facts_changed", userId }, this.localWorker);
      return dropped.length > 0 || kept;
    });
    this.log.debug({ thread: `${organizationId}/${threadId}`, changed }, "refined facts");
  }

  /** Refinements waiting or running. */
  pending(): number {
    return this.queue.size;
  }

  /** Resolves when no refinement runs or waits. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Drops waiting refinements and aborts running ones; their messages keep the built-in facts. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
