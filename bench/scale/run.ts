/**
 * Search at scale: the first page of every search shape of the thread and feedback listings on a
 * seeded database, median of 5 in-process calls (no HTTP), with the EXPLAIN (ANALYZE, BUFFERS) of each
 * statement written beside the timings (docs/performance.md, "Search"):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npm run seed -- --feedback 200000
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npm run bench:scale [-- --label 1m]
 */
import { mkdir, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { RARE_WORD } from "../../scripts/seed/vocabulary.ts";
import { openDatabase } from "../../src/db/database.ts";
import { parseJsonText } from "../../src/db/json.ts";
import { valuesOf } from "../../src/db/statement.ts";
import type { FeedbackFilters } from "../../src/feedback/filters.ts";
import { listFeedback } from "../../src/feedback/listing.ts";
import { feedbackListing } from "../../src/feedback/sql.ts";
import { listThreads, type ThreadFilters } from "../../src/threads/listing.ts";
import { threadListing } from "../../src/threads/sql.ts";
import { ROOT } from "../servers.ts";
import { seededOrganization } from "../threads/cases.ts";

const { values: options } = parseArgs({ options: { label: { type: "string", default: "" }, runs: { type: "string", default: "5" } } });
const databaseUrl = process.env.DATABASE_URL;
const runs = Number(options.runs);
const FIRST_PAGE = { pageSize: 50, pageIndex: 0 };

const THREAD_CASES: [string, ThreadFilters][] = [
  ["threads, no search", {}],
  [`threads search rare word (${RARE_WORD})`, { search: RARE_WORD }],
  ["threads search common word (refund, ~40 % of threads)", { search: "refund" }],
  ["threads search word in every thread (the)", { search: "the" }],
  ["threads search no match (qqqxz)", { search: "qqqxz" }],
  ["threads userSearch (nakamura)", { userSearch: "nakamura" }],
];
const FEEDBACK_CASES: [string, FeedbackFilters][] = [
  ["feedback, no search", {}],
  ["feedback search common word (the)", { search: "the" }],
  ["feedback search (timeout)", { search: "timeout" }],
  ["feedback search no match (qqqxz)", { search: "qqqxz" }],
];

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

const database = await openDatabase({ databaseUrl });
const results: { case: string; ms: number; count: number; countExact: boolean; rows: number }[] = [];
const plans: string[] = [];
const explain = async (title: string, text: string, values: unknown[]) => {
  if (database.kind !== "postgres") return;
  const rows = await database.prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, ...values);
  plans.push(`### ${title}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n`);
};
try {
  const organizationId = await seededOrganization(database.prisma);
  for (const [name, filters] of THREAD_CASES) {
    const page = parseJsonText(await listThreads(database.driver, organizationId, filters, FIRST_PAGE));
    const ms = await median(() => listThreads(database.driver, organizationId, filters, FIRST_PAGE));
    results.push({ case: name, ms, count: page.count, countExact: page.countExact, rows: page.rows.length });
    const { statement, params } = threadListing(organizationId, filters, FIRST_PAGE);
    await explain(name, statement.text, valuesOf(statement, params));
  }
  for (const [name, filters] of FEEDBACK_CASES) {
    const page = parseJsonText(await listFeedback(database.driver, organizationId, filters, FIRST_PAGE));
    const ms = await median(() => listFeedback(database.driver, organizationId, filters, FIRST_PAGE));
    results.push({ case: name, ms, count: page.count, countExact: page.countExact, rows: page.rows.length });
    const listing = feedbackListing(organizationId, filters, FIRST_PAGE);
    await explain(`${name}: count`, listing.count.text, valuesOf(listing.count, listing.params));
    await explain(`${name}: page`, listing.page.text, valuesOf(listing.page, listing.params));
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
