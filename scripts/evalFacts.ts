/**
 * Fact quality: runs the fact extractor over each user of test/fixtures/memory/facts, thread by
 * thread in the order they were written, keeps the facts as the service does (supersession by
 * subject and time, src/memory/facts/supersede.ts) and compares them with the fixture: recall of
 * current facts, stale facts shown as current, provenance, history kept, facts not about the
 * user; for the tuning part and the held-out part, per language, domain, kind and position.
 * SUMMARIZER=openai (with the OPENAI_* and SUMMARIZER_* variables) evaluates the LLM extractor.
 *
 *   npm run eval:facts
 *   npm run eval:facts -- --users en-01-shifts,de-03-reise   (those users' facts in full)
 *   npm run eval:facts -- --json
 */
import { readConfig } from "../src/config.ts";
import { configuredFactExtractor } from "../src/memory/facts/configured.ts";
import { FACTS_USERS, userMessages } from "../test/fixtures/memory/facts/index.ts";
import { evaluateUser } from "./factsEval/evaluate.ts";
import { report, scores, userFacts } from "./factsEval/report.ts";

const extractor = configuredFactExtractor(readConfig().summarizer);
const results: Awaited<ReturnType<typeof evaluateUser>>[] = [];
for (const user of FACTS_USERS) results.push(await evaluateUser(user, extractor));

const usersArgument = process.argv.indexOf("--users");
if (process.argv.includes("--json")) {
  const splits = ["tune", "heldout"].map((split) => [split, scores(results.filter((result) => result.user.split === split))]);
  console.log(JSON.stringify({ scores: Object.fromEntries(splits), users: results.map(({ user, facts, kept }) => ({ id: user.id, facts, kept })) }, null, 2));
} else {
  console.log(report(results));
  const wanted = usersArgument === -1 ? [] : (process.argv[usersArgument + 1] ?? "").split(",");
  for (const result of results.filter((result) => wanted.includes(result.user.id))) {
    const names = new Map([...userMessages(result.user).ids].map(([name, id]) => [id, name]));
    console.log(userFacts(result, names));
  }
}
