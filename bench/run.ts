/**
 * `npm run bench`: the service's hot paths against a lean baseline (bench/baseline/: node:http +
 * pg, named prepared statements), on a fresh PostgreSQL database seeded with 5,000 threads of 10
 * messages of realistic prose (bench/dataset.ts; `--canned`: the earlier stock sentences), dropped at the end. The two answer every scenario's requests alike
 * first (status and JSON, byte for byte, but for the ids and times a write makes anew), then run
 * in alternating rounds (service, baseline, service, …) with the same requests; what each
 * scenario wrote is deleted after each round, and the daily counts' deltas compacted (bench/database.ts settleCounts). Per scenario: req/s, p50 and p99 latency, and the
 * CPU seconds per 1,000 requests of the server process and of its PostgreSQL backends.
 *
 *   npm run bench
 *   npm run bench -- --duration 5 --rounds 1 --only memory,feedback
 *   npm run bench -- --embedded                 # the service alone, on PGlite in a temporary DATA_DIR
 *   npm run bench -- --cpu-prof /tmp/profiles   # each server writes a CPU profile there when it stops
 *
 * The load comes from this process, over 127.0.0.1: on a machine of few cores it competes with the
 * server and PostgreSQL, alike for the service and the baseline. The machine's load is printed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import pg from "pg";
import { dropDatabase, recreateDatabase, settleCounts } from "./database.ts";
import { seedDataset, MESSAGES_PER_THREAD, THREADS, type Place } from "./dataset.ts";
import { cpuSeconds, load, quantile, withBackendCpu, type Load } from "./measure.ts";
import { SCENARIO_NAMES, scenarios, type Call, type Scenario } from "./scenarios.ts";
import { BASELINE, SERVICE, startTarget, stopTarget, type BenchTarget, type RunningTarget } from "./servers.ts";

const USAGE = `Usage: npm run bench -- [options]
  --embedded                the service alone, on PGlite in a temporary DATA_DIR (default: PostgreSQL, with the baseline)
  --canned                  the earlier data set: short stock sentences, ingest without segments (default: realistic prose, issue 26)
  --duration S              seconds per round (default 10)
  --rounds N                rounds per server and scenario (default 3)
  --warmup S                seconds of warm-up per server and scenario (default 3)
  --connections N           requests in flight (default 16)
  --ingest-connections N    requests in flight for ingest (default 8)
  --only a,b                scenarios among ${SCENARIO_NAMES.join(", ")} (default all)
  --port P                  the service on port P, the baseline on P + 1 (default: free ports)
  --cpu-prof DIR            each server writes a CPU profile (node --cpu-prof) into DIR/service or DIR/baseline when it stops
  --postgres URL            the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432)
  --keep                    keep the benchmark database (PostgreSQL) or DATA_DIR (PGlite) and print where
  --without-counts          the daily counts' triggers disabled (PostgreSQL): what keeping the aggregates costs writes`;

const { values: options } = parseArgs({
  options: {
    embedded: { type: "boolean", default: false },
    canned: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    "ingest-connections": { type: "string", default: "8" },
    only: { type: "string" },
    port: { type: "string" },
    "cpu-prof": { type: "string" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432" },
    keep: { type: "boolean", default: false },
    "without-counts": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

function positive(name: keyof typeof options): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 1) {
    process.stderr.write(`--${name} must be a positive integer\n${USAGE}\n`);
    process.exit(2);
  }
  return value;
}

if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const duration = positive("duration");
const rounds = positive("rounds");
const warmup = Number(options.warmup);
if (!Number.isInteger(warmup) || warmup < 0) {
  process.stderr.write(`--warmup must be a whole number of seconds\n${USAGE}\n`);
  process.exit(2);
}
const only = options.only?.split(",").map((name) => name.trim()).filter(Boolean);
const unknown = only?.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`unknown scenario ${unknown.join(", ")}\n${USAGE}\n`);
  process.exit(2);
}
if (options.embedded && options["without-counts"]) {
  process.stderr.write(`--without-counts needs PostgreSQL\n${USAGE}\n`);
  process.exit(2);
}
const port = options.port === undefined ? undefined : positive("port");
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Started extends RunningTarget {
  name: string;
}

interface Round extends Load {
  cpu: number;
  databaseCpu: number | null;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU seconds per 1,000 requests: the server's, and its PostgreSQL backends' (null on PGlite). */
  cpu: number;
  databaseCpu: number | null;
  statuses: Record<string, number>;
  errors: number;
}

function figures(rounds: Round[]): Figures {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const round of rounds) for (const [status, count] of Object.entries(round.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const perThousand = (seconds: number) => (seconds / requests) * 1000;
  const databaseCpu = rounds.every((round) => round.databaseCpu !== null) ? rounds.reduce((sum, round) => sum + round.databaseCpu!, 0) : null;
  return {
    rps: requests / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpu: perThousand(rounds.reduce((sum, round) => sum + round.cpu, 0)),
    databaseCpu: databaseCpu === null ? null : perThousand(databaseCpu),
    statuses,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

async function send(url: string, call: Call): Promise<{ status: number; text: string }> {
  const response = await fetch(url + call.path, { method: call.method, headers: call.headers, body: call.body });
  return { status: response.status, text: await response.text() };
}

const VOLATILE_TIMES = new Set(["createdAt", "updatedAt"]);

/** A write's answer without what differs between two runs of it: times, and the ids of the rows it made (the answer's own, its messages'). */
function withoutNewIdsAndTimes(value: unknown, path = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNewIdsAndTimes(item, `${path}[]`));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (VOLATILE_TIMES.has(key)) return [key, "<time>"];
      if (key === "id" && (path === "" || path === ".messages[]")) return [key, "<id>"];
      return [key, withoutNewIdsAndTimes(item, `${path}.${key}`)];
    }),
  );
}

/** Where two JSON values first differ, and how: the whole answers of a listing are too long to read. */
function firstDifference(service: unknown, baseline: unknown, path = ""): string {
  const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 500);
  if (typeof service === "object" && service !== null && typeof baseline === "object" && baseline !== null && Array.isArray(service) === Array.isArray(baseline)) {
    const keys = new Set([...Object.keys(service), ...Object.keys(baseline)]);
    for (const key of keys) {
      const [a, b] = [(service as Record<string, unknown>)[key], (baseline as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, Array.isArray(service) ? `${path}[${key}]` : `${path}.${key}`);
    }
  }
  return `at ${path || "the top"} the service has ${shown(service)}, the baseline ${shown(baseline)}`;
}

const READ_CHECKS = 20;
const WRITE_CHECKS = 3;
/** Checks write with numbers the load never reaches, so that what they write is their own. */
const CHECK_BASE = 1_000_000_000;

interface Answer {
  status: number;
  /** The JSON body, without what necessarily differs between two runs of a write. */
  json: unknown;
  /** The body as sent is what JSON.stringify writes of it: then equal `json` means equal bytes. */
  compact: boolean;
}

async function answer(url: string, call: Call, normalize: (json: unknown) => unknown): Promise<Answer> {
  const { status, text } = await send(url, call);
  const parsed: unknown = JSON.parse(text);
  return { status, json: normalize(parsed), compact: JSON.stringify(parsed) === text };
}

/**
 * The service and the baseline answer alike: the same status and the same JSON, for the reads
 * as they are, for a write (sent twice: created, then repeated) but for new ids and times, and
 * with the same rows stored. Whether the bodies are also the same bytes (key order, spacing) is
 * reported, not required: the baseline writes them as the service did when the bench was written.
 */
async function checkSameAnswers(scenario: Scenario, servers: Started[], db: pg.Client): Promise<string> {
  const writes = scenario.reset && scenario.stored;
  const normalize = writes ? (json: unknown) => withoutNewIdsAndTimes(json) : (json: unknown) => json;
  let sameBytes = true;
  const numbers = writes ? Array.from({ length: WRITE_CHECKS }, (_, i) => CHECK_BASE + i) : Array.from({ length: READ_CHECKS }, (_, i) => i);
  for (const n of numbers) {
    const compared = [];
    for (const server of servers) {
      const call = scenario.call(n);
      const answers = writes ? [await answer(server.url, call, normalize), await answer(server.url, call, normalize)] : [await answer(server.url, call, normalize)];
      compared.push({ answers, stored: writes ? await scenario.stored!(db, n) : null });
      await scenario.reset?.(db);
    }
    const [service, baseline] = compared as [(typeof compared)[number], (typeof compared)[number]];
    const statuses = (side: typeof service) => side.answers.map((one) => one.status);
    const values = (side: typeof service) => ({ json: side.answers.map((one) => one.json), stored: side.stored });
    // The second send may be refused (a public key never replaces a vote: 409), alike by both.
    if (!(statuses(service)[0]! >= 200 && statuses(service)[0]! < 300) || !isDeepStrictEqual(statuses(service), statuses(baseline)) ||
        !isDeepStrictEqual(values(service), values(baseline))) {
      const difference = firstDifference({ statuses: statuses(service), ...values(service) }, { statuses: statuses(baseline), ...values(baseline) });
      throw new Error(`${scenario.name}: the service and the baseline answer request ${n} (${scenario.call(n).method} ${scenario.call(n).path}) differently: ${difference}`);
    }
    sameBytes &&= [...service.answers, ...baseline.answers].every((one) => one.compact) && JSON.stringify(values(service)) === JSON.stringify(values(baseline));
  }
  const how = sameBytes ? "byte for byte" : "the same JSON, though not byte for byte (key order or spacing)";
  return writes
    ? `${WRITE_CHECKS} requests sent twice: the same statuses, ${how} but for new ids and times, the same rows stored`
    : `${READ_CHECKS} requests: status 200, ${how}`;
}

/** The machine's 1-minute load average at the end of each round: other work on the machine skews the figures. */
const roundLoads: number[] = [];

async function measure(scenario: Scenario, servers: Started[], db: pg.Client | null): Promise<Map<string, Figures>> {
  let n = 0;
  const next = () => scenario.call(n++);
  const reset = async () => {
    if (!db || !scenario.reset) return;
    await scenario.reset(db);
    await settleCounts(db);
  };
  for (const server of servers.filter(() => warmup > 0)) {
    await load(server.url, scenario.connections, warmup, next);
    await reset();
  }
  const results = new Map<string, Round[]>(servers.map((server) => [server.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const server of servers) {
      const pid = server.child.pid!;
      const cpuBefore = cpuSeconds(pid);
      const run = () => load(server.url, scenario.connections, duration, next);
      const [result, databaseCpu] = db ? await withBackendCpu(db, run) : [await run(), null];
      const cpu = cpuSeconds(pid) - cpuBefore;
      results.get(server.name)!.push({ ...result, cpu, databaseCpu });
      roundLoads.push(loadavg()[0]!);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      log(
        `  ${scenario.name} round ${round} ${server.name}: ${(result.requests / result.seconds).toFixed(0)} req/s, ` +
          `p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p99 ${quantile(sorted, 0.99).toFixed(2)} ms, CPU ${cpu.toFixed(2)} s` +
          (databaseCpu === null ? "" : `, PostgreSQL CPU ${databaseCpu.toFixed(2)} s`) +
          `, statuses ${JSON.stringify(result.statuses)}${result.errors ? `, ${result.errors} errors` : ""}`,
      );
      await reset();
    }
  }
  return new Map([...results].map(([name, measured]) => [name, figures(measured)]));
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const rate = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => fixed(value, value < 10 ? 2 : 1);
const cpu = (value: number | null) => (value === null ? "–" : fixed(value, 3));

function unexpected(name: string, measured: Figures): string[] {
  const others = Object.entries(measured.statuses)
    .filter(([status]) => !/^2/.test(status))
    .map(([status, count]) => `${count} × ${status}`);
  // Errors are connections that failed or requests without an answer within autocannon's 10 s.
  if (measured.errors > 0) others.push(`${measured.errors} without an answer (connection error or over 10 s)`);
  return others.length === 0 ? [] : [`${name}: ${others.join(", ")}`];
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

function report(results: Map<Scenario, Map<string, Figures>>, withBaseline: boolean): string {
  const lines: string[] = [];
  const notes: string[] = [];
  const rows = [...results].map(([scenario, measured]) => {
    const service = measured.get(SERVICE.name)!;
    notes.push(...unexpected(`${scenario.name}, service`, service));
    if (!withBaseline) {
      return [scenario.title, String(scenario.connections), rate(service.rps), ms(service.p50), ms(service.p99), cpu(service.cpu)];
    }
    const baseline = measured.get(BASELINE.name)!;
    notes.push(...unexpected(`${scenario.name}, baseline`, baseline));
    return [
      scenario.title, String(scenario.connections),
      rate(service.rps), rate(baseline.rps), fixed(service.rps / baseline.rps, 2),
      `${ms(service.p50)} / ${ms(baseline.p50)}`, `${ms(service.p99)} / ${ms(baseline.p99)}`, fixed(service.p99 / baseline.p99, 2),
      `${cpu(service.cpu)} / ${cpu(baseline.cpu)}`, fixed(service.cpu / baseline.cpu, 2),
      `${cpu(service.databaseCpu)} / ${cpu(baseline.databaseCpu)}`,
    ];
  });
  lines.push(
    withBaseline
      ? table(
          ["scenario", "conns", "service req/s", "baseline req/s", "ratio", "p50 ms (service / baseline)", "p99 ms (service / baseline)", "p99 ratio",
            "server CPU s per 1k req (service / baseline)", "CPU ratio", "PostgreSQL CPU s per 1k req (service / baseline)"],
          rows,
        )
      : table(["scenario", "conns", "req/s", "p50 ms", "p99 ms", "server CPU s per 1k req"], rows),
  );
  if (notes.length > 0) lines.push("", "Requests not answered 2xx:", ...notes.map((note) => `- ${note}`));
  return lines.join("\n");
}

const selected = (all: Scenario[]) => {
  const chosen = all.filter((scenario) => !only || only.includes(scenario.name));
  // Writes last: on PGlite what they write stays, and must not change what the reads measure.
  return [...chosen.filter((scenario) => !scenario.reset), ...chosen.filter((scenario) => scenario.reset)];
};

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => log(`cleanup failed: ${error}`));
}
let interrupted = false;
// `on`, not `once`: the signal may come twice (from the terminal, and relayed by tsx), and a second one with no listener would kill the process before it has cleaned up.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    void cleanUp().then(() => process.exit(130));
  });
}

async function start(target: BenchTarget, databaseUrl: string, offset: number): Promise<Started> {
  const running = await startTarget(target, databaseUrl, port === undefined ? undefined : port + offset);
  cleanups.push(() => stopTarget(running.child));
  return { name: target.name, ...running };
}

/** With --cpu-prof, each server profiled into a folder of its own name, so that their profiles compare. */
const profiled = (target: BenchTarget): BenchTarget =>
  options["cpu-prof"] ? { ...target, nodeOptions: ["--cpu-prof", `--cpu-prof-dir=${resolve(options["cpu-prof"], target.name)}`] } : target;
const serviceTarget = profiled(SERVICE);
const baselineTarget = profiled(BASELINE);

/**
 * Disables the triggers that keep the daily counts (0008_counting, 0013_thread_counts: named `…_counted_…`), so
 * that a run measures the writes without the aggregates (issue 30: they may cost writes at most 10 %). The
 * statistics and counts the service answers are then wrong: for this measurement only.
 */
async function disableCountTriggers(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND t.tgname LIKE '%\\_counted\\_%' ORDER BY 1, 2`,
  );
  for (const { table, trigger } of rows) await db.query(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
  return rows.map((row) => row.trigger);
}

async function run(): Promise<void> {
  const started = new Date();
  const loadBefore = loadavg();
  const results = new Map<Scenario, Map<string, Figures>>();
  let place: Place;
  let where: string;
  let servers: Started[];
  let db: pg.Client | null = null;
  if (options.embedded) {
    const dataDir = await mkdtemp(join(tmpdir(), "bench-pglite-"));
    if (!options.keep) cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    place = { dataDir };
    where = `PGlite in ${dataDir}${options.keep ? " (kept)" : ""}`;
  } else {
    const name = `bench_${started.toISOString().replace(/\D/g, "").slice(0, 14)}_${process.pid}`;
    const databaseUrl = await recreateDatabase(options.postgres!, name);
    if (!options.keep) cleanups.push(() => dropDatabase(options.postgres!, name));
    place = { databaseUrl };
    where = `PostgreSQL database ${name}${options.keep ? " (kept)" : ", dropped at the end"}`;
  }
  log(`seeding ${THREADS} threads of ${MESSAGES_PER_THREAD} messages into ${where}`);
  const seedingStarted = performance.now();
  const dataset = await seedDataset(place, { canned: options.canned });
  log(`seeded in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);
  const all = selected(scenarios(dataset, { connections: positive("connections"), ingestConnections: positive("ingest-connections"), canned: options.canned }));

  let version = "PGlite";
  if ("databaseUrl" in place) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    db = client;
    version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    if (options["without-counts"]) log(`daily counts' triggers disabled: ${(await disableCountTriggers(client)).join(", ")}`);
    servers = [await start(serviceTarget, place.databaseUrl, 0), await start(baselineTarget, place.databaseUrl, 1)];
    for (const scenario of all) log(`same answers, ${scenario.name}: ${await checkSameAnswers(scenario, servers, client)}`);
  } else {
    servers = [await start({ ...serviceTarget, env: { ...serviceTarget.env, DATA_DIR: place.dataDir } }, "", 0)];
  }
  for (const scenario of all) {
    log(`${scenario.title}: ${scenario.connections} connections, ${warmup} s warm-up then ${rounds} × ${duration} s per server`);
    results.set(scenario, await measure(scenario, servers, db));
  }
  const loadAfter = loadavg();
  const ordered = new Map(SCENARIO_NAMES.flatMap((name) => [...results].filter(([scenario]) => scenario.name === name)));
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  process.stdout.write(
    [
      `npm run bench${options.embedded ? " -- --embedded" : ""}: ${started.toISOString()}, ${options.embedded ? "the service alone on PGlite" : `service and baseline on PostgreSQL ${version}`}${options["without-counts"] ? ", the daily counts' triggers disabled" : ""}`,
      `${THREADS} threads of ${MESSAGES_PER_THREAD} messages, ${options.canned ? "canned sentences" : "realistic prose (50-600 characters)"}; ${rounds} rounds of ${duration} s per server after ${warmup} s of warm-up${options.embedded ? "" : ", alternating"}`,
      `machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), node ${process.version}; load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after, ` +
        `${load([Math.min(...roundLoads), Math.max(...roundLoads)]).replace(", ", " to ")} (1 min) at the ends of the rounds`,
      "",
      report(ordered, !options.embedded),
      "",
    ].join("\n"),
  );
}

try {
  await run();
} catch (error) {
  // Interrupted: the run fails as the servers and the database go; the signal handler exits once all is cleaned up.
  if (!interrupted) throw error;
} finally {
  await cleanUp();
}
