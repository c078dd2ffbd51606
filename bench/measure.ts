/// <reference path="./autocannon.d.ts" />
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import type pg from "pg";
import type { Call } from "./scenarios.ts";

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU time (user + system) a process has used so far, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The CPU time so far of the PostgreSQL backends serving the client's database, the client's own left out, by pid. */
async function backendCpu(db: pg.Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

const SAMPLE_MS = 500;

/**
 * Runs `work` and returns with its result the CPU seconds PostgreSQL spent meanwhile serving the
 * client's database. The backends are read every SAMPLE_MS, so that one the pool closes
 * meanwhile counts up to its last reading; one that starts meanwhile counts whole.
 */
export async function withBackendCpu<T>(db: pg.Client, work: () => Promise<T>): Promise<[T, number]> {
  const first = await backendCpu(db);
  const last = new Map(first);
  const sample = async () => {
    for (const [pid, seconds] of await backendCpu(db)) {
      if (!first.has(pid)) first.set(pid, 0);
      last.set(pid, seconds);
    }
  };
  let done = false;
  const running = work().finally(() => (done = true));
  while (!done) {
    await Promise.race([running.catch(() => {}), sleep(SAMPLE_MS)]);
    await sample();
  }
  let spent = 0;
  for (const [pid, seconds] of last) spent += seconds - first.get(pid)!;
  return [await running, spent];
}

export interface Load {
  requests: number;
  seconds: number;
  /** Every response's latency in ms (autocannon's own histogram keeps whole milliseconds only). */
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
}

/** `connections` clients sending calls 0, 1, 2… of `next` back to back for `seconds`. */
export async function load(url: string, connections: number, seconds: number, next: () => Call): Promise<Load> {
  const latencies: number[] = [];
  const run = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  run.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await run;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  return { requests: result.requests.total, seconds: result.duration, latencies, statuses, errors: result.errors + result.timeouts };
}

/** The q-quantile of the values (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
