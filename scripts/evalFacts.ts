/**
 * Fact quality: runs the fact extractor over each user of test/fixtures/memory/facts, thread by
 * thread in the order they were written, keeps the facts as the service does (supersession by
 * subject and time, src/memory/facts/supersede.ts) and compares them with the fixture: recall of
 * current facts, stale facts shown as current, provenance, history kept, facts not about the
 * user; for the tuning part and each held-out part, per language, domain, kind and position.
 * SUMMARIZER=openai (with the OPENAI_* and SUMMARIZER_* variables) evaluates the facts as the LLM
 * refines them: the built-in ones, replaced by the LLM's for the messages it read when its reply is usable.
 *
 *   npm run eval:facts
 *   npm run eval:facts -- --users en-01-shifts,de-03-reise   (those users' facts in full)
 *   npm run eval:facts -- --json
 */
import { readConfig } from "../src/config.ts";
import { configuredFactRefiner } from "../src/memory/facts/configured.ts";
import { createBuiltinFactExtractor, type FactExtractor } from "../src/memory/facts/extractor.ts";
import { promptMessages } from "../src/memory/facts/llm.ts";
import { FACTS_SPLITS, FACTS_USERS, userMessages } from "../test/fixtures/memory/facts/index.ts";
import { evaluateUser } from "./factsEval/evaluate.ts";
import { report, scores, userFacts } from "./factsEval/report.ts";

const builtin = createBuiltinFactExtractor();
const refiner = configuredFactRefiner(readConfig().summarizer);
const extractor: FactExtractor = refiner
  ? {
      async extract(messages, signal, subjects) {
        const own = await builtin.extract(messages, signal, subjects);
        const read = new Set(promptMessages(messages).map((message) => message.id));
        const refined = await refiner.extract(messages).catch(() => null);
        return refined ? [...own.filter((fact) => !read.has(fact.messageId)), ...refined] : own;
      },
    }
  : builtin;
const results: Awaited<ReturnType<typeof evaluateUser>>[] = [];
for (const user of FACTS_USERS) results.push(await evaluateUser(user, extractor));

const usersArgument = process.argv.indexOf("--users");
if (process.argv.includes("--json")) {
  const splits = FACTS_SPLITS.map((split) => [split, scores(results.filter((result) => result.user.split === split))]);
  console.log(JSON.stringify({ scores: Object.fromEntries(splits), users: results.map(({ user, facts, kept }) => ({ id: user.id, facts, kept })) }, null, 2));
} else {
  console.log(report(results));
  const wanted = usersArgument === -1 ? [] : (process.argv[usersArgument + 1] ?? "").split(",");
  for (const result of results.filter((result) => wanted.includes(result.user.id))) {
    const names = new Map([...userMessages(result.user).ids].map(([name, id]) => [id, name]));
    console.log(userFacts(result, names));
  }
}
