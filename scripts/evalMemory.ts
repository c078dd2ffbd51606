/**
 * Memory quality: ingests the conversations of test/fixtures/memory through Create Thread on a
 * fresh in-memory database, reads each memory with the memory lookup and prints fact recall,
 * stale facts shown as current, summary length and time per summary (CPU time for the built-in
 * summarizer, wall time for an LLM). SUMMARIZER=openai (with the OPENAI_* and SUMMARIZER_*
 * variables of the README) evaluates the LLM summary that replaces the built-in one.
 *
 *   npm run eval:memory
 *   npm run eval:memory -- --json        (the results as JSON, with every summary)
 */
import { readConfig } from "../src/config.ts";
import { configuredSummarizer } from "../src/summarizer/configured.ts";
import { MEMORY_CASES } from "../test/fixtures/memory/index.ts";
import { evaluateMemory } from "./memoryEval/evaluate.ts";
import { report, totals } from "./memoryEval/report.ts";

const config = readConfig();
const refiner = config.summarizer.kind === "builtin" ? undefined : configuredSummarizer(config.summarizer);
const results = await evaluateMemory(MEMORY_CASES, refiner);
if (process.argv.includes("--json")) console.log(JSON.stringify({ totals: totals(results), results }, null, 2));
else console.log(report(results, refiner?.name ?? "builtin"));
