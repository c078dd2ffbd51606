/**
 * The listings and statistics at scale: every case of ./cases.ts (each thread listing filter and
 * search shape, the feedback listing's, each statistics grouping per scope) on a seeded database,
 * median of 5 in-process calls through the domain functions (no HTTP) after a warm-up, with the
 * EXPLAIN (ANALYZE, BUFFERS) of each statement a case sends written beside the timings, and the
 * machine's load average at the start and end of each case (docs/performance.md, "At ten million messages"):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_scale_10m npm run seed -- --threads 1000000 --users 10000 --feedback 2000000
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_scale_10m npm run bench:scale -- --label 10m [--only stats]
 *   DATA_DIR=./pglite1m npm run seed -- --threads 100000 --feedback 200000 && DATA_DIR=./pglite1m npm run bench:scale -- --label pglite-1m
 */
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { readConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/database.ts";
import type { DriverQueries } from "../../src/db/driver.ts";
import type { Statement } from "../../src/db/statement.ts";
import { ROOT } from "../servers.ts";
import { seededOrganization } from "../threads/cases.ts";
import { scaleCases, type Answer, type ScaleCase } from "./cases.ts";

const { values: options } = parseArgs({
  options: { label: { type: "string", default: "" }, runs: { type: "string", default: "5" }, only: { type: "string", default: "" } },
});
// PostgreSQL at DATABASE_URL, else the PGlite in DATA_DIR, as `npm run seed` chose.
const { databaseUrl, dataDir } = readConfig();
const runs = Number(options.runs);

async function median(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm: the numbers are those of a warm database
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]! * 10) / 10;
}

/** The driver, keeping what each statement sent was (the plans explain exactly those). */
function recording(db: DriverQueries, sent: { statement: Statement<unknown, unknown>; params: unknown }[]): DriverQueries {
  return {
    rows(statement, params) {
      sent.push({ statement: statement as Statement<unknown, unknown>, params });
      return db.rows(statement, params);
    },
  };
}

const load = () => loadavg()[0]!.toFixed(2);

const database = await openDatabase({ databaseUrl, dataDir });
const results: ({ group: string; case: string; ms: number; load: string } & Answer)[] = [];
const plans: string[] = [];
try {
  const organizationId = await seededOrganization(database.prisma);
  const only = options.only ? new RegExp(options.only) : undefined;
  const cases = (await scaleCases(database.prisma, organizationId)).filter((c: ScaleCase) => !only || only.test(`${c.group} ${c.name}`));
  for (const { group, name, call } of cases) {
    const loadBefore = load();
    const sent: { statement: Statement<unknown, unknown>; params: unknown }[] = [];
    const answer = await call(recording(database.driver, sent), organizationId);
    const ms = await median(() => call(database.driver, organizationId));
    results.push({ group, case: name, ms, ...answer, load: `${loadBefore}-${load()}` });
    if (database.kind !== "postgres") continue;
    for (const [index, { statement, params }] of sent.entries()) {
      // Unnamed, so planned for these values as a custom plan (what the statement's first five calls get).
      const explain = { name: "", text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, parameters: statement.parameters };
      const rows = await database.driver.rows<unknown, { "QUERY PLAN": string }>(explain, params);
      const which = sent.length > 1 ? ` (statement ${index + 1} of ${sent.length}${statement.name ? `, ${statement.name}` : ""})` : "";
      plans.push(`### ${name}${which}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n`);
    }
  }
} finally {
  await database.close();
}
console.table(results);
const label = options.label || (databaseUrl ? new URL(databaseUrl).pathname.slice(1) : "pglite");
await mkdir(`${ROOT}bench/scale/results`, { recursive: true });
const file = `${ROOT}bench/scale/results/${label}-${new Date().toISOString().replace(/[:.]/g, "-")}`;
await writeFile(`${file}.json`, JSON.stringify({ runs, results }, null, 2));
if (plans.length > 0) await writeFile(`${file}.plans.txt`, plans.join("\n"));
console.log(`written to ${file}.json${plans.length > 0 ? " and .plans.txt" : ""}`);
