import type { KeyObject } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhookSettings } from "../config.ts";
import type { Driver } from "../db/driver.ts";
import type { LocalWorker } from "./handoff.ts";
import { post, type Outcome } from "./send.ts";
import { signingKey, webhookHeaders } from "./signature.ts";
import type { ClaimedDelivery } from "./eventSql.ts";
import { CLAIM_DELIVERIES, DELETE_OLD_EVENTS, MARK_ATTEMPT_FAILED, MARK_DELIVERED, RELEASE_DELIVERIES } from "./sql.ts";
import { checkingLookup, deliveryUrl, type Resolver } from "./url.ts";

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WorkerOptions {
  db: Driver;
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
/** A lease covers its attempt (the timeout, the stop grace) and this much more, for recording the outcome. */
const LEASE_MARGIN_MS = 5_000;
/** Of that margin, what is left for recording when a leased delivery starts at the last moment it may. */
const RECORD_MARGIN_MS = 4_000;
/** How long a delivery handed over by its writer may wait here for room under the bounds before its lease is too short to start it. */
const HAND_OFF_WAIT_MS = 15_000;
/** Deliveries waiting for room, at most, per endpoint and in body bytes in all: beyond, they are left to their lease's end. */
const WAITING_PER_ENDPOINT = 256;
const WAITING_BYTES = 16 * 1024 * 1024;
/** Endpoints whose checked URL and signing key a worker keeps (targetOf); beyond, it forgets them all. */
const MAX_TARGETS = 1024;
/** Delivered deliveries are marked so together, one statement for those of this long. */
const MARK_DELIVERED_EVERY_MS = 100;

/** The delay before attempt `attempts + 1`: the base doubled per attempt made, capped, the upper half jittered. */
export function backoffMs(baseMs: number, attempts: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** A delivery leased to this worker, waiting for room: it must start by `startBy` (performance.now()) to end within its lease. */
interface Waiting {
  delivery: ClaimedDelivery;
  startBy: number;
}

/**
 * Delivers the outbox: takes the deliveries its own instance writes (leased to it in their insert and
 * handed over after the commit, src/webhooks/handoff.ts), claims the other due ones (FOR UPDATE SKIP
 * LOCKED, leased so that a crash sends them again: retries, and those whose writer died), POSTs them
 * signed, and records each outcome. One per service instance; several instances on one database share
 * the work without sending a delivery twice in the normal case.
 */
export class DeliveryWorker implements LocalWorker {
  readonly handOffLeaseMs: number;
  private readonly claimLeaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly stopGraceMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight per endpoint id. */
  private readonly busy = new Map<number, number>();
  /** Leased here and not started for want of room, per endpoint id, oldest first. */
  private readonly waiting = new Map<number, Waiting[]>();
  private waitingBytes = 0;
  /** Attempts in flight, destroyed when the stop's grace runs out. */
  private readonly requests = new Set<http.ClientRequest>();
  private interrupted = false;
  /** Per endpoint id, its URL checked (deliveryUrl) and its signing key: an endpoint's URL and secret never change. */
  private readonly targets = new Map<number, { url: string; secret: string; target: URL; key: KeyObject }>();
  /** Delivered, not yet marked so: marked together, one statement for all. */
  private delivered: { id: string; statusCode: number }[] = [];
  private markTimer: NodeJS.Timeout | undefined;
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  private readonly lookup: LookupFunction;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  /** The last claim took as many as there was room for: more may be due as soon as an attempt ends. */
  private moreDue = false;
  private started = false;
  private stopping = false;
  private lastCleanup = 0;

  constructor(private readonly options: WorkerOptions) {
    this.pollMs = options.pollMs ?? 250;
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 4;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.random = options.random ?? Math.random;
    this.stopGraceMs = options.stopGraceMs ?? 3_000;
    this.claimLeaseMs = this.timeoutMs + this.stopGraceMs + LEASE_MARGIN_MS;
    this.handOffLeaseMs = this.claimLeaseMs + HAND_OFF_WAIT_MS;
    this.lookup = checkingLookup({ allowPrivateNetworks: options.settings.allowPrivateNetworks, resolve: options.resolve });
  }

  get running(): boolean {
    return this.started && !this.stopping;
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /**
   * Stops taking and claiming; the deliveries waiting here are left due at once, attempts in flight
   * finish, or after the grace are aborted and left due at once (never lost).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const waiting = [...this.waiting.values()].flat();
    this.waiting.clear();
    await this.release(waiting.map(({ delivery }) => delivery));
    const grace = new Promise((resolve) => setTimeout(resolve, this.stopGraceMs).unref());
    await Promise.race([Promise.all(this.inFlight), grace]);
    this.interrupted = true;
    for (const request of this.requests) request.destroy(new Error("interrupted"));
    await Promise.all(this.inFlight);
    clearTimeout(this.markTimer);
    await this.markDelivered();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Deliveries its instance wrote, leased to this worker since `leasedAt`, now committed. */
  take(deliveries: ClaimedDelivery[], leasedAt: number): void {
    if (this.stopping) void this.release(deliveries);
    else this.enqueue(deliveries, leasedAt + this.handOffLeaseMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    try {
      this.startWaiting();
      await this.claim();
      await this.cleanUp();
    } catch (error) {
      this.options.log.warn({ err: error }, "webhook deliveries: could not claim due deliveries; trying again");
    } finally {
      this.polling = false;
    }
    this.schedule(this.moreDue && this.inFlight.size < this.concurrency ? 0 : this.pollMs);
  }

  /**
   * Claims no more than can start at once: the deliveries waiting here count as in flight, up to the per-endpoint bound
   * (beyond it they hold no more of the worker's room), so that a claimed delivery never queues behind them (a claim's
   * lease leaves it a second to start), while one endpoint's backlog keeps no other endpoint's deliveries out.
   */
  private async claim(): Promise<void> {
    const held = new Map(this.busy);
    for (const [endpointId, queue] of this.waiting) held.set(endpointId, Math.min(this.perEndpoint, (held.get(endpointId) ?? 0) + queue.length));
    const room = this.concurrency - [...held.values()].reduce((sum, count) => sum + count, 0);
    this.moreDue = false;
    if (room <= 0) return;
    const claimedAt = performance.now();
    const deliveries = await this.options.db.rows(CLAIM_DELIVERIES, {
      limit: room,
      perEndpoint: this.perEndpoint,
      busyEndpointIds: [...held.keys()],
      inFlight: [...held.values()],
      leaseMs: this.claimLeaseMs,
    });
    this.moreDue = deliveries.length === room;
    this.enqueue(deliveries, claimedAt + this.claimLeaseMs);
  }

  /** Deliveries leased here until `leasedUntil` (performance.now()): started as the bounds leave room, meanwhile waiting. */
  private enqueue(deliveries: ClaimedDelivery[], leasedUntil: number): void {
    const startBy = leasedUntil - this.timeoutMs - this.stopGraceMs - RECORD_MARGIN_MS;
    for (const delivery of deliveries) {
      const queue = this.waiting.get(delivery.endpointId) ?? [];
      // Beyond the bounds, a delivery stays leased until its lease runs out, then a worker claims it.
      if (queue.length >= WAITING_PER_ENDPOINT || this.waitingBytes + delivery.body.length > WAITING_BYTES) continue;
      queue.push({ delivery, startBy });
      this.waiting.set(delivery.endpointId, queue);
      this.waitingBytes += delivery.body.length;
    }
    this.startWaiting();
  }

  /**
   * Starts the waiting deliveries the bounds leave room for; those too late to end within their lease are released, due
   * at once for any worker, rather than kept out until their lease runs out.
   */
  private startWaiting(): void {
    const now = performance.now();
    const late: ClaimedDelivery[] = [];
    for (const [endpointId, queue] of this.waiting) {
      while (queue.length > 0 && (queue[0]!.startBy < now || (this.inFlight.size < this.concurrency && (this.busy.get(endpointId) ?? 0) < this.perEndpoint))) {
        const { delivery, startBy } = queue.shift()!;
        this.waitingBytes -= delivery.body.length;
        if (startBy >= now) this.begin(delivery);
        else late.push(delivery);
      }
      if (queue.length === 0) this.waiting.delete(endpointId);
    }
    void this.release(late);
  }

  private begin(delivery: ClaimedDelivery): void {
    const { endpointId } = delivery;
    this.busy.set(endpointId, (this.busy.get(endpointId) ?? 0) + 1);
    const attempt = this.attempt(delivery).finally(() => {
      this.inFlight.delete(attempt);
      const left = this.busy.get(endpointId)! - 1;
      if (left === 0) this.busy.delete(endpointId);
      else this.busy.set(endpointId, left);
      this.startWaiting();
      if (this.moreDue) this.schedule(0);
    });
    this.inFlight.add(attempt);
  }

  /** Leased deliveries this worker will not attempt: due at once for any worker (their lease's attempt not counted). */
  private async release(deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const params = { deliveryIds: deliveries.map(({ id }) => id), attempts: deliveries.map(({ attempts }) => attempts) };
    await this.options.db.rows(RELEASE_DELIVERIES, params).catch((error: unknown) =>
      // Their lease runs out, then a worker claims them: at least once still holds.
      this.options.log.warn({ err: error }, "webhook deliveries: could not release leased deliveries"),
    );
  }

  /** If this fails, the lease runs out and the deliveries are sent again: at least once still holds. */
  private async markDelivered(): Promise<void> {
    if (this.delivered.length === 0) return;
    const done = this.delivered;
    this.delivered = [];
    await this.options.db
      .rows(MARK_DELIVERED, { deliveryIds: done.map(({ id }) => id), statusCodes: done.map(({ statusCode }) => statusCode) })
      .catch((error: unknown) => this.options.log.warn({ err: error }, "webhook deliveries: could not mark deliveries done"));
  }

  private markDeliveredSoon(): void {
    this.markTimer ??= setTimeout(() => {
      this.markTimer = undefined;
      void this.markDelivered();
    }, MARK_DELIVERED_EVERY_MS);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery);
    try {
      if ("statusCode" in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300) {
        this.delivered.push({ id: delivery.id, statusCode: outcome.statusCode });
        if (!this.stopping) this.markDeliveredSoon();
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

  private async send({ eventId, endpointId, url, secret, body }: ClaimedDelivery): Promise<Outcome> {
    if (this.interrupted) return { error: "interrupted: the service shut down" };
    try {
      const { target, key } = this.targetOf(endpointId, url, secret);
      const options = { timeoutMs: this.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, agents: this.agents, lookup: this.lookup, requests: this.requests };
      const bytes = Buffer.from(body);
      const outcome = await post(target, webhookHeaders(key, eventId, bytes), bytes, options);
      return this.interrupted && "error" in outcome ? { error: "interrupted: the service shut down" } : outcome;
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  /**
   * The endpoint's URL checked and its signing key, made at its first delivery here rather than at each (a URL parse,
   * an address check and a key import: a fifth of an attempt's CPU). Its host's addresses are still checked at each new connection.
   */
  private targetOf(endpointId: number, url: string, secret: string): { target: URL; key: KeyObject } {
    const known = this.targets.get(endpointId);
    if (known?.url === url && known.secret === secret) return known;
    if (this.targets.size >= MAX_TARGETS) this.targets.clear();
    const made = { url, secret, target: deliveryUrl(url, this.options.settings.allowPrivateNetworks), key: signingKey(secret) };
    this.targets.set(endpointId, made);
    return made;
  }

  /** Milliseconds to the next attempt; null once the event is older than the maximum age (failed for good). Interrupted: at once. */
  private nextAttemptInMs({ attempts, eventCreatedAt }: ClaimedDelivery): number | null {
    if (this.interrupted) return 0;
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
