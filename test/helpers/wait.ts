import { mock } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { Teardown } from "./transport.ts";

export { sleep };

export interface EventuallyOptions {
  /** What is awaited, for the error when it does not come. */
  what?: string;
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Polls `check` until it returns a truthy value, and returns that value (or fails after the timeout).
 * `options`: the timeout in ms, what is awaited (for the error), or both.
 * Only for states that stay once reached (a row delivered, a count reached): a state that lasts
 * until the next background step can be overtaken between two polls; wait for the event instead.
 * Measured on the monotonic clock, so a test that moves Date (moveDateAhead) cannot stop it.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: number | string | EventuallyOptions = {},
): Promise<T> {
  const { what = "condition", timeoutMs = 15_000, intervalMs = 25 } =
    typeof options === "number" ? { timeoutMs: options } : typeof options === "string" ? { what: options } : options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * Moves Date (Date.now(), new Date()) `ms` ahead and holds it there until the test ends; timers keep
 * real time. For code that reads the wall clock to expire what it cached: the test sees the
 * expiry without waiting for it.
 */
export function moveDateAhead(t: Teardown, ms: number): void {
  mock.timers.enable({ apis: ["Date"], now: Date.now() + ms });
  t.teardown(() => mock.timers.reset());
}
