/**
 * Feedback listing and statistics latency on a seeded PostgreSQL database (see
 * docs/feedback-reading-performance.md):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npm run seed -- --feedback 200000
 *   npm run bench:feedback-reading                                  # that database
 *   npm run bench:feedback-reading -- --duration 5 postgresql://…/other_db [case words…]
 *
 * The service runs in a child process; the load comes from this one (autocannon), on 127.0.0.1.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../../src/db/database.ts";
import { createApiKey, revokeApiKey } from "../../src/keys/keys.ts";
import { ROOT, SERVICE, startTarget, stopTarget } from "../servers.ts";
import { casePath, readingCases, seededOrganization, type ReadingCase } from "./cases.ts";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "1" },
  },
});
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const connections = Number(options.connections);
const [databaseUrl = "postgresql://postgres@127.0.0.1:5432/bench_threads_1m", ...wanted] = positionals;

interface Measurement {
  case: string;
  matching: number;
  /** The fastest request: on a busy shared machine, the closest to what the work itself costs. */
  min: number;
  p50: number;
  p99: number;
  rps: number;
  failures: number;
}

async function measure(url: string, key: string, readingCase: ReadingCase): Promise<Measurement> {
  const path = casePath(readingCase);
  const probe = await fetch(`${url}${path}`, { headers: { "api-key": key } });
  if (!probe.ok) throw new Error(`${readingCase.name}: ${probe.status} ${await probe.text()}`);
  const body = (await probe.json()) as { count?: number; total?: { count: number } };
  const load = { url: `${url}${path}`, connections, headers: { "api-key": key } };
  await autocannon({ ...load, duration: warmup });
  const result = await autocannon({ ...load, duration });
  return {
    case: readingCase.name,
    matching: body.count ?? body.total?.count ?? -1,
    min: result.latency.min,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average * 10) / 10,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const database = await openDatabase({ databaseUrl });
const organizationId = await seededOrganization(database.prisma);
const cases = (await readingCases(database.prisma, organizationId)).filter(
  (readingCase) => wanted.length === 0 || wanted.some((word) => readingCase.name.includes(word)),
);
const key = await createApiKey(database.prisma, organizationId, "private");
const results: Measurement[] = [];
try {
  const { child, url } = await startTarget(SERVICE, databaseUrl);
  try {
    process.stderr.write(`${connections} connection(s), ${duration} s per case\n`);
    for (const readingCase of cases) {
      process.stderr.write(`  ${readingCase.name}\n`);
      results.push(await measure(url, key.key, readingCase));
    }
  } finally {
    await stopTarget(child);
  }
} finally {
  await revokeApiKey(database.prisma, key.prefix);
  await database.close();
}

console.log(`\n${new URL(databaseUrl).pathname.slice(1)} (latency in ms)`);
console.table(results);
await mkdir(`${ROOT}bench/results`, { recursive: true });
const file = `${ROOT}bench/results/feedback-reading-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
const [load] = loadavg();
await writeFile(file, JSON.stringify({ databaseUrl, duration, connections, loadAverage: load, results }, null, 2));
console.log(`load average (1 min) at the end: ${load!.toFixed(1)} on ${availableParallelism()} cores`);
console.log(`\nwritten to ${file}`);
