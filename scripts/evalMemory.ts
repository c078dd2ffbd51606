/**
 * Memory quality: ingests the conversations of test/fixtures/memory through Create Thread on a
 * fresh in-memory database, reads each memory with the memory lookup and prints fact recall,
 * stale facts shown as current, summary length and time per summary (CPU time for the built-in
 * summarizer, wall time for an LLM). SUMMARIZER=openai (with the OPENAI_* and SUMMARIZER_*
 * variables of the README) evaluates the LLM summary that replaces the built-in one.
 *
 *   npm run eval:memory
 *   npm run eval:memory -- --json        (the results as JSON, with every summary)
 *   npm run eval:memory -- --limits 400,600,800,1000,1500,2000
 *                                        (the built-in summarizer's recall at other length limits)
 */
import { readConfig } from "../src/config.ts";
import { configuredSummarizer } from "../src/summarizer/configured.ts";
import { MEMORY_CASES } from "../test/fixtures/memory/index.ts";
import { evaluateMemory } from "./memoryEval/evaluate.ts";
import { recallByLimit } from "./memoryEval/limits.ts";
import { report, totals } from "./memoryEval/report.ts";

const limitsArgument = process.argv.indexOf("--limits");
if (limitsArgument !== -1) {
  const limits = (process.argv[limitsArgument + 1] ?? "").split(",").map(Number);
  if (limits.some((limit) => !Number.isInteger(limit) || limit < 100)) throw new Error("--limits takes integers of at least 100, e.g. 600,1000");
  console.log("limit  recall  stale shown  mean length");
  for (const { limit, recall, staleShown, meanLength } of recallByLimit(MEMORY_CASES, limits)) {
    console.log(`${String(limit).padStart(5)}  ${recall.toFixed(3)}  ${String(staleShown).padStart(11)}  ${meanLength.toFixed(0).padStart(11)}`);
  }
  process.exit(0);
}

const config = readConfig();
const refiner = config.summarizer.kind === "builtin" ? undefined : configuredSummarizer(config.summarizer);
const results = await evaluateMemory(MEMORY_CASES, refiner);
if (process.argv.includes("--json")) console.log(JSON.stringify({ totals: totals(results), results }, null, 2));
else console.log(report(results, refiner?.name ?? "builtin"));
