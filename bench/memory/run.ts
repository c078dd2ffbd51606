/**
 * Memory lookups per second: the service against a raw pg + node:http baseline answering the same
 * lookup with one hand-written query, on a dedicated PostgreSQL database `bench_memory` (10k
 * users, 50k threads, 500k messages). The two run alternately for the same duration (service,
 * raw, raw, service, …), so that load from elsewhere on the machine hits both alike. Traffic goes
 * to 127.0.0.1 only.
 *
 *   npm run bench:memory
 *   BENCH_DURATION=10 BENCH_ROUNDS=4 BENCH_CONNECTIONS=10 BENCH_RESEED=1 npm run bench:memory
 */
/// <reference path="../autocannon.d.ts" />
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import autocannon, { type Result } from "autocannon";
import { Prisma } from "../../generated/prisma/client.ts";
import { openDatabase } from "../../src/db/database.ts";
import { createApiKey } from "../../src/keys/keys.ts";
import { memoryQuery } from "../../src/memory/lookup.ts";
import { SERVICE, startTarget, stopTarget, type BenchTarget, type RunningTarget } from "../servers.ts";
import { seededRandom } from "./conversations.ts";
import { recreateDatabase } from "../database.ts";
import { MESSAGES, THREADS, USERS, seed, seededOrganization, userExternalId } from "./seed.ts";

const POSTGRES = process.env.BENCH_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432";
const DATABASE = "bench_memory";
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP_SECONDS = 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RESULTS = new URL("../results/", import.meta.url);

interface Started extends RunningTarget {
  target: BenchTarget;
}

const TARGETS: BenchTarget[] = [
  SERVICE,
  { name: "raw pg + node:http", script: "bench/memory/rawServer.ts", env: {} },
];

async function start(target: BenchTarget, databaseUrl: string): Promise<Started> {
  return { target, ...(await startTarget(target, databaseUrl)) };
}

function stop({ child }: Started): Promise<void> {
  return stopTarget(child);
}

/** Both servers give the same status and body for a sample of users. */
async function sameAnswers(servers: Started[], key: string): Promise<void> {
  const random = seededRandom(7);
  const statuses: Record<number, number> = {};
  for (let i = 0; i < 300; i++) {
    const path = `/api/external/memory?userExternalId=${userExternalId(1 + Math.floor(random() * (USERS + 50)))}`;
    const answers = await Promise.all(
      servers.map(async ({ url }) => {
        const response = await fetch(url + path, { headers: { authorization: `Bearer ${key}` } });
        return { status: response.status, body: await response.json() };
      }),
    );
    if (!isDeepStrictEqual(answers[0], answers[1])) throw new Error(`the servers disagree on ${path}: ${JSON.stringify(answers)}`);
    statuses[answers[0]!.status] = (statuses[answers[0]!.status] ?? 0) + 1;
  }
  console.log(`both servers give the same answers for 300 sampled users (statuses ${JSON.stringify(statuses)})`);
}

/** Each request looks up another user, chosen at random among all of them. */
function load(url: string, key: string, seconds: number): Promise<Result> {
  const random = seededRandom(Math.floor(Math.random() * 2 ** 31));
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `/api/external/memory?userExternalId=${userExternalId(1 + Math.floor(random() * USERS))}` }),
      },
    ],
  });
}

async function explain(databaseUrl: string, organizationId: number): Promise<string> {
  const database = await openDatabase({ databaseUrl });
  try {
    const rows = await database.prisma.$queryRaw<{ "QUERY PLAN": string }[]>(
      Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${memoryQuery(organizationId, userExternalId(4242))}`,
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await database.close();
  }
}

async function benchmarkKey(databaseUrl: string, organizationId: number): Promise<string> {
  const database = await openDatabase({ databaseUrl });
  try {
    return (await createApiKey(database.prisma, organizationId, "private")).key;
  } finally {
    await database.close();
  }
}

interface Round {
  target: string;
  result: Result;
}

function summarize(rounds: Round[]) {
  return TARGETS.map(({ name }) => {
    const mine = rounds.filter((round) => round.target === name).map((round) => round.result);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const statuses: Record<string, number> = {};
    for (const result of mine) {
      for (const [status, { count }] of Object.entries(result.statusCodeStats)) statuses[status] = (statuses[status] ?? 0) + count;
    }
    return {
      target: name,
      "req/s": Math.round(mean(mine.map((result) => result.requests.average))),
      "p50 ms": Number(mean(mine.map((result) => result.latency.p50)).toFixed(2)),
      "p99 ms": Number(mean(mine.map((result) => result.latency.p99)).toFixed(2)),
      requests: mine.reduce((sum, result) => sum + result.requests.total, 0),
      statuses: Object.entries(statuses).map(([status, count]) => `${status}:${count}`).join(" "),
      "errors+timeouts": mine.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    };
  });
}

const seedingStarted = performance.now();
let organizationId = await seededOrganization(`${POSTGRES}/${DATABASE}`);
let seeding: string;
if (organizationId === null || process.env.BENCH_RESEED === "1") {
  console.log(`seeding ${DATABASE}: ${USERS} users, ${THREADS} threads, ${MESSAGES} messages`);
  organizationId = await seed(await recreateDatabase(POSTGRES, DATABASE), (line) => console.log(line));
  seeding = `seeded in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`;
} else {
  const database = await openDatabase({ databaseUrl: `${POSTGRES}/${DATABASE}` });
  await database.migrate();
  await database.close();
  seeding = "reused the seeded database (BENCH_RESEED=1 seeds it again)";
}
console.log(seeding);
const databaseUrl = `${POSTGRES}/${DATABASE}`;
const plan = await explain(databaseUrl, organizationId);
console.log(`\nEXPLAIN ANALYZE of the service's lookup:\n${plan}\n`);
const key = await benchmarkKey(databaseUrl, organizationId);

const servers: Started[] = [];
try {
  for (const target of TARGETS) servers.push(await start(target, databaseUrl));
  await sameAnswers(servers, key);
  for (const server of servers) await load(server.url, key, WARMUP_SECONDS);
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const result = await load(server.url, key, DURATION_SECONDS);
      rounds.push({ target: server.target.name, result });
      console.log(`round ${round + 1} ${server.target.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    }
  }
  const table = summarize(rounds);
  console.table(table);
  const [service, raw] = table;
  const ratio = service!["req/s"] / raw!["req/s"];
  console.log(
    `service / raw throughput: ${ratio.toFixed(2)} (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s each, alternating)`,
  );
  await mkdir(RESULTS, { recursive: true });
  const file = new URL(`memory-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, RESULTS);
  await writeFile(file, JSON.stringify({ seeding, plan, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, rounds: ROUNDS, table, ratio }, null, 2));
  console.log(`results: ${fileURLToPath(file)}`);
} finally {
  for (const server of servers) await stop(server);
}
