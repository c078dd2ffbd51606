import { setMaxListeners } from "node:events";
import http from "node:http";
import https from "node:https";
import type { WebhookSettings } from "../config.ts";
import type { DriverQueries } from "../db/driver.ts";
import { post, type Outcome } from "./send.ts";
import { webhookHeaders } from "./signature.ts";
import { CLAIM_DELIVERIES, DELETE_OLD_EVENTS, MARK_ATTEMPT_FAILED, MARK_DELIVERED, type ClaimedDelivery } from "./sql.ts";
import { checkUrl, type Resolver } from "./url.ts";

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WorkerOptions {
  db: DriverQueries;
  settings: WebhookSettings;
  log: Log;
  /** How often due deliveries are looked for when there is nothing to do. */
  pollMs?: number;
  /** Attempts in flight in this worker, in all and per endpoint. */
  concurrency?: number;
  perEndpoint?: number;
  /** One attempt, answer included. */
  timeoutMs?: number;
  /** Jitter's source, in [0, 1). */
  random?: () => number;
  resolve?: Resolver;
  /** How long a stopping worker lets its attempts in flight finish before it aborts them (to be retried at once). */
  stopGraceMs?: number;
}

const HOUR_MS = 3600_000;
/** Delivered (and failed) events are kept this long, then deleted. */
const KEEP_EVENTS_HOURS = 7 * 24;
const CLEANUP_BATCH = 500;
const CLEANUP_EVERY_MS = 60_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_BACKOFF_MS = HOUR_MS;

/** The delay before attempt `attempts + 1`: the base doubled per attempt made, capped, the upper half jittered. */
export function backoffMs(baseMs: number, attempts: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Delivers the outbox: claims due deliveries (FOR UPDATE SKIP LOCKED, leased so that a crash sends
 * them again), POSTs them signed, and records each outcome. One per service instance; several
 * instances on one database share the work without sending a delivery twice in the normal case.
 */
export class DeliveryWorker {
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly stopGraceMs: number;
  private readonly inFlight = new Map<Promise<void>, number>();
  private readonly abort = new AbortController();
  /** Delivered, not yet marked so: marked together at the next poll, one statement for all. */
  private delivered: { id: string; statusCode: number }[] = [];
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private stopping = false;
  private lastCleanup = 0;

  constructor(private readonly options: WorkerOptions) {
    this.pollMs = options.pollMs ?? 250;
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 4;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.random = options.random ?? Math.random;
    this.stopGraceMs = options.stopGraceMs ?? 3_000;
    setMaxListeners(0, this.abort.signal); // one listener per attempt in flight
  }

  start(): void {
    this.schedule(0);
  }

  /** Stops claiming; attempts in flight finish, or after the grace are aborted and left due at once (never lost). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const grace = new Promise((resolve) => setTimeout(resolve, this.stopGraceMs).unref());
    await Promise.race([Promise.all(this.inFlight.keys()), grace]);
    this.abort.abort();
    await Promise.all(this.inFlight.keys());
    await this.markDelivered().catch((error: unknown) => this.options.log.warn({ err: error }, "webhook deliveries: could not mark deliveries done"));
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    let claimed = 0;
    try {
      await this.markDelivered();
      claimed = await this.claim();
      await this.cleanUp();
    } catch (error) {
      this.options.log.warn({ err: error }, "webhook deliveries: could not claim due deliveries; trying again");
    } finally {
      this.polling = false;
    }
    // Deliveries done meanwhile, or a claim that may have left more due: again at once rather than after a poll interval.
    this.schedule(this.delivered.length > 0 || (claimed > 0 && this.inFlight.size < this.concurrency) ? 0 : this.pollMs);
  }

  /** If this fails, the lease runs out and the deliveries are sent again: at least once still holds. */
  private async markDelivered(): Promise<void> {
    if (this.delivered.length === 0) return;
    const done = this.delivered;
    this.delivered = [];
    await this.options.db.rows(MARK_DELIVERED, { deliveryIds: done.map(({ id }) => id), statusCodes: done.map(({ statusCode }) => statusCode) });
  }

  private async claim(): Promise<number> {
    const room = this.concurrency - this.inFlight.size;
    if (room <= 0) return 0;
    const perEndpoint = new Map<number, number>();
    for (const endpointId of this.inFlight.values()) perEndpoint.set(endpointId, (perEndpoint.get(endpointId) ?? 0) + 1);
    const leaseMs = this.timeoutMs + this.stopGraceMs + 5_000;
    const deliveries = await this.options.db.rows(CLAIM_DELIVERIES, { limit: room, perEndpoint: this.perEndpoint, busyEndpointIds: [...perEndpoint.keys()], leaseMs, inFlight: [...perEndpoint.values()] });
    for (const delivery of deliveries) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        this.schedule(0);
      });
      this.inFlight.set(attempt, delivery.endpointId);
    }
    return deliveries.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery);
    try {
      if ("statusCode" in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300) {
        this.delivered.push({ id: delivery.id, statusCode: outcome.statusCode });
        return;
      }
      const statusCode = "statusCode" in outcome ? outcome.statusCode : null;
      const error = "statusCode" in outcome ? `HTTP ${outcome.statusCode}` : outcome.error;
      await this.options.db.rows(MARK_ATTEMPT_FAILED, { deliveryId: delivery.id, statusCode, error, retryInMs: this.nextAttemptInMs(delivery) });
    } catch (error) {
      // The lease runs out and another attempt is made: at least once still holds.
      this.options.log.error({ err: error, eventId: delivery.eventId }, "webhook deliveries: could not record an attempt's outcome");
    }
  }

  private async send({ eventId, url, secret, body }: ClaimedDelivery): Promise<Outcome> {
    if (this.abort.signal.aborted) return { error: "interrupted: the service shut down" };
    try {
      const checked = await checkUrl(url, { allowPrivateNetworks: this.options.settings.allowPrivateNetworks, resolve: this.options.resolve });
      const options = { timeoutMs: this.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, agents: this.agents, signal: this.abort.signal };
      const outcome = await post(checked, webhookHeaders(secret, eventId, body), body, options);
      return this.abort.signal.aborted && "error" in outcome ? { error: "interrupted: the service shut down" } : outcome;
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  /** Milliseconds to the next attempt; null once the event is older than the maximum age (failed for good). Interrupted: at once. */
  private nextAttemptInMs({ attempts, eventCreatedAt }: ClaimedDelivery): number | null {
    if (this.abort.signal.aborted) return 0;
    const delay = backoffMs(this.options.settings.retryBaseMs, attempts, this.random);
    const giveUpAt = Date.parse(eventCreatedAt) + this.options.settings.maxAgeHours * HOUR_MS;
    return Date.now() + delay > giveUpAt ? null : delay;
  }

  /** Deletes old events in small batches, at most once a minute per worker. */
  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    for (let deleted = CLEANUP_BATCH; deleted === CLEANUP_BATCH && !this.stopping; ) {
      ({ deleted } = (await this.options.db.rows(DELETE_OLD_EVENTS, { keepHours: KEEP_EVENTS_HOURS, limit: CLEANUP_BATCH }))[0]!);
    }
  }
}
