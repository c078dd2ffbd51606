import type { Driver } from "../db/driver.ts";
import { builtinSummarizer } from "../summarizer/builtin.ts";
import type { Summarizer } from "../summarizer/summarizer.ts";
import { BackgroundQueue, type QueueLimits } from "./backgroundQueue.ts";
import { loadConversation } from "./conversation.ts";
import { replaceSummaryIfCurrent, summaryState } from "./summaries.ts";

/** The part of a pino logger this needs. */
export interface SummaryLog {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface SummaryKeeperOptions {
  driver: Driver;
  /** A summarizer whose summaries replace the built-in ones after commit (e.g. an LLM); none: built-in only. */
  refiner?: Summarizer;
  log: SummaryLog;
  limits?: QueueLimits;
}

/**
 * Keeps each thread's memory summary current. The built-in summary is written inside the ingest
 * transaction (src/threads/ingest.ts), so memory is never missing or stale once Create Thread returns; a refiner's
 * summary, if one is configured, replaces it later in the background, unless newer messages
 * arrived meanwhile. A failing refiner leaves the built-in summary in place.
 */
export class SummaryKeeper {
  private readonly driver: Driver;
  private readonly refiner: Summarizer | undefined;
  private readonly log: SummaryLog;
  private readonly queue: BackgroundQueue;

  constructor({ driver, refiner, log, limits = { concurrency: 4, maxPending: 10_000 } }: SummaryKeeperOptions) {
    this.driver = driver;
    this.refiner = refiner === builtinSummarizer ? undefined : refiner;
    this.log = log;
    this.queue = new BackgroundQueue(
      limits,
      (error, key) => log.warn({ err: error, thread: key }, "summarizer failed; the thread keeps its built-in summary"),
      (key) => log.warn({ thread: key }, "summarizer queue full; the thread keeps its built-in summary"),
    );
  }

  /** After commit: queues the refiner's summary of the thread, if there is a refiner. */
  refineLater(organizationId: number, threadId: number): void {
    const refiner = this.refiner;
    if (!refiner) return;
    this.queue.push(`${organizationId}/${threadId}`, (signal) => this.refine(refiner, organizationId, threadId, signal));
  }

  private async refine(refiner: Summarizer, organizationId: number, threadId: number, signal: AbortSignal): Promise<void> {
    const messageId = (await summaryState(this.driver, organizationId, threadId))?.summaryMessageId;
    if (messageId === null || messageId === undefined) return;
    const conversation = await loadConversation(this.driver, organizationId, threadId, refiner.window, messageId);
    if (conversation.messages.length === 0) return;
    const summary = await refiner.summarize(conversation, signal);
    if (!summary) return;
    const replaced = await replaceSummaryIfCurrent(this.driver, organizationId, threadId, summary, messageId);
    this.log.debug({ thread: `${organizationId}/${threadId}`, summarizer: refiner.name, replaced }, "refined thread summary");
  }

  /** Refinements waiting or running. */
  pending(): number {
    return this.queue.size;
  }

  /** Resolves when no refinement runs or waits. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Drops waiting refinements and aborts running ones; their threads keep the built-in summary. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
