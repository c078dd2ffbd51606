/**
 * Feedback creations per second: the service against a raw pg + node:http baseline, on a
 * dedicated PostgreSQL database seeded with 50k threads. Everything runs on 127.0.0.1.
 *
 *   npm run bench:feedback
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_POSTGRES=postgresql://postgres@127.0.0.1:5432 npm run bench:feedback
 */
import { loadavg } from "node:os";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import type { InitializedOrganization } from "../../src/organizations/organizations.ts";
import { SERVICE, startTarget, stopTarget, type BenchTarget } from "../servers.ts";
import { recreateDatabase } from "../database.ts";
import { ATTRIBUTES, THREADS, seed } from "./seed.ts";

const POSTGRES = process.env.BENCH_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432";
const DATABASE = "bench_feedback";
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Each request a new vote on another thread's last message, with one option of each attribute. */
function feedbackLoad(url: string, org: InitializedOrganization, seconds: number) {
  let next = 0;
  const reasons = ATTRIBUTES.reason;
  const tones = ATTRIBUTES.tone;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "content-type": "application/json", "api-key": org.publicKey },
    requests: [
      {
        method: "POST",
        path: "/api/external/feedback",
        setupRequest: (request) => {
          const n = next++ % THREADS;
          const body = {
            feedbackType: n % 2 ? "POSITIVE" : "NEGATIVE",
            externalThreadId: `bench-thread-${n}`,
            projectId: org.projectId,
            feedbackText: "benchmark vote",
            attributes: { reason: reasons[n % reasons.length], tone: tones[n % tones.length] },
          };
          return { ...request, body: JSON.stringify(body) };
        },
      },
    ],
  });
}

/** Retried: requests the load generator gave up on at its deadline may still be finishing. */
async function clearFeedback(db: pg.Client): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      await db.query('TRUNCATE "FeedbackOption", "Feedback"');
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/** What the run left in the database: every 201 must be one feedback with two options. */
async function stored(db: pg.Client): Promise<{ feedback: number; options: number }> {
  const { rows } = await db.query(
    'SELECT (SELECT count(*) FROM "Feedback")::int AS feedback, (SELECT count(*) FROM "FeedbackOption")::int AS options',
  );
  return rows[0];
}

interface Measurement {
  name: string;
  result: Result;
  /** The machine's 1-minute load average when the run started: other work skews the figures. */
  load: number;
  feedback: number;
  options: number;
}

async function measure(target: BenchTarget, databaseUrl: string, org: InitializedOrganization, db: pg.Client): Promise<Measurement> {
  const { child, url } = await startTarget(target, databaseUrl);
  try {
    await feedbackLoad(url, org, WARMUP_SECONDS);
    await clearFeedback(db);
    const load = loadavg()[0]!;
    const result = await feedbackLoad(url, org, DURATION_SECONDS);
    return { name: target.name, result, load, ...(await stored(db)) };
  } finally {
    await stopTarget(child);
  }
}

function report(measurements: Measurement[]): void {
  const rows = measurements.map(({ name, result, load, feedback, options }) => ({
    target: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "max ms": result.latency.max,
    requests: result.requests.total,
    statuses: Object.entries(result.statusCodeStats).map(([status, { count }]) => `${status}:${count}`).join(" "),
    "errors+timeouts": result.errors + result.timeouts,
    "stored feedback/options": `${feedback}/${options}`,
    "load avg": load.toFixed(1),
  }));
  console.table(rows);
  const [service, raw] = measurements;
  if (service && raw) {
    const ratio = service.result.requests.average / raw.result.requests.average;
    console.log(`service / raw throughput: ${ratio.toFixed(2)} (${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`);
  }
}

const seedStart = performance.now();
const databaseUrl = await recreateDatabase(POSTGRES, DATABASE);
const org = await seed(databaseUrl);
console.log(`seeded ${THREADS} threads (2 messages each) and 2 attributes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const measurements: Measurement[] = [];
  const targets: BenchTarget[] = [
    SERVICE,
    { name: "raw pg + node:http", script: "bench/feedback/rawServer.ts", env: {} },
  ];
  for (const target of targets) measurements.push(await measure(target, databaseUrl, org, db));
  report(measurements);
} finally {
  await db.end();
}
