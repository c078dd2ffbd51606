/**
 * Thread listing latency and throughput on seeded PostgreSQL databases (see docs/listing-performance.md):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_10k npm run seed -- --threads 10000
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npm run seed
 *   npm run bench:threads                       # both databases above
 *   npm run bench:threads -- --duration 5 --connections 4 postgresql://…/other_db
 *
 * The service runs in a child process; the load comes from this one, on 127.0.0.1 only.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../../src/db/database.ts";
import { createApiKey, revokeApiKey } from "../../src/keys/keys.ts";
import { ROOT, SERVICE, startTarget, stopTarget } from "../servers.ts";
import { benchCases, casePath, seededOrganization, type BenchCase } from "./cases.ts";

const SERVER = "postgresql://postgres@127.0.0.1:5432";

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
const databaseUrls = positionals.length > 0 ? positionals : [`${SERVER}/bench_threads_10k`, `${SERVER}/bench_threads_1m`];

interface Measurement {
  case: string;
  count: number;
  rows: number;
  p50: number;
  p99: number;
  rps: number;
  failures: number;
}

async function measure(url: string, key: string, benchCase: BenchCase): Promise<Measurement> {
  const path = casePath(benchCase);
  const probe = await fetch(`${url}${path}`, { headers: { "api-key": key } });
  if (!probe.ok) throw new Error(`${benchCase.name}: ${probe.status} ${await probe.text()}`);
  const page = (await probe.json()) as { count: number; rows: unknown[] };
  const load = { url: `${url}${path}`, connections, headers: { "api-key": key } };
  await autocannon({ ...load, duration: warmup });
  const result = await autocannon({ ...load, duration });
  return {
    case: benchCase.name,
    count: page.count,
    rows: page.rows.length,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average * 10) / 10,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

interface Scale {
  name: string;
  url: string;
  key: string;
  cases: BenchCase[];
  stop(): Promise<void>;
}

/** The service on the database, with a private key of the seeded organization (revoked at stop). */
async function startScale(databaseUrl: string): Promise<Scale> {
  const database = await openDatabase({ databaseUrl });
  const organizationId = await seededOrganization(database.prisma);
  const cases = await benchCases(database.prisma, organizationId);
  const key = await createApiKey(database.prisma, organizationId, "private");
  const release = async () => {
    await revokeApiKey(database.prisma, key.prefix);
    await database.close();
  };
  const { child, url } = await startTarget(SERVICE, databaseUrl).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  return {
    name: new URL(databaseUrl).pathname.slice(1),
    url,
    key: key.key,
    cases,
    async stop() {
      await stopTarget(child);
      await release();
    },
  };
}

const targets: Scale[] = [];
const results: Record<string, Measurement[]> = {};
try {
  for (const databaseUrl of databaseUrls) targets.push(await startScale(databaseUrl));
  process.stderr.write(`${connections} connections, ${duration} s per case and database\n`);
  // Case by case, the databases one after the other: both scales see the same load from the
  // rest of the machine.
  for (const [index, { name }] of targets[0]!.cases.entries()) {
    for (const target of targets) {
      process.stderr.write(`  ${target.name}: ${name}\n`);
      (results[target.name] ??= []).push(await measure(target.url, target.key, target.cases[index]!));
    }
  }
} finally {
  for (const target of targets) await target.stop();
}

for (const [name, measurements] of Object.entries(results)) {
  console.log(`\n${name} (latency in ms)`);
  console.table(measurements);
}
const [small, large] = Object.keys(results);
if (small && large) {
  console.log(`\np50 of ${large} / p50 of ${small}`);
  console.table(
    results[large]!.map((measurement, index) => ({
      case: measurement.case,
      ratio: Math.round((measurement.p50 / Math.max(results[small]![index]!.p50, 1)) * 100) / 100,
    })),
  );
}
await mkdir(`${ROOT}bench/results`, { recursive: true });
const file = `${ROOT}bench/results/threads-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
await writeFile(file, JSON.stringify({ duration, connections, results }, null, 2));
console.log(`\nwritten to ${file}`);
