export type BackgroundJob = (signal: AbortSignal) => Promise<void>;

export interface QueueLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting; beyond it the oldest waiting one is dropped. */
  maxPending: number;
}

/**
 * Runs jobs in the background, at most one per key at a time. A job pushed for a key that is
 * already waiting replaces it, so a burst of changes to one thread costs one run, not one each.
 */
export class BackgroundQueue {
  private readonly pending = new Map<string, BackgroundJob>();
  private readonly runningKeys = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly limits: QueueLimits,
    private readonly onError: (error: unknown, key: string) => void,
    private readonly onDrop: (key: string) => void,
  ) {}

  push(key: string, job: BackgroundJob): void {
    if (this.stopping.signal.aborted) return;
    this.pending.set(key, job);
    if (this.pending.size > this.limits.maxPending) {
      const [oldest] = this.pending.keys();
      this.pending.delete(oldest!);
      this.onDrop(oldest!);
    }
    this.startWaiting();
  }

  private startWaiting(): void {
    for (const [key, job] of this.pending) {
      if (this.runningKeys.size >= this.limits.concurrency) return;
      if (this.runningKeys.has(key)) continue;
      this.pending.delete(key);
      this.start(key, job);
    }
  }

  private start(key: string, job: BackgroundJob): void {
    this.runningKeys.add(key);
    const run: Promise<void> = job(this.stopping.signal)
      .catch((error: unknown) => {
        if (!this.stopping.signal.aborted) this.onError(error, key);
      })
      .finally(() => {
        this.runningKeys.delete(key);
        this.running.delete(run);
        this.startWaiting();
      });
    this.running.add(run);
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.pending.size + this.runningKeys.size;
  }

  /** Resolves when nothing runs and nothing waits. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Drops the waiting jobs, aborts the running ones and waits for them to end. */
  async close(): Promise<void> {
    this.stopping.abort();
    this.pending.clear();
    await this.settled();
  }
}
