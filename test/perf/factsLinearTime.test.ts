import t from "tap";
import { EarlierFacts } from "../../src/memory/facts/changes.ts";
import { extractFacts } from "../../src/memory/facts/extractor.ts";
import { generalStatements } from "../../src/memory/facts/general.ts";
import { bestOfThreeMs } from "../helpers/timing.ts";

/**
 * The fact rules' regular expressions must run in time linear in the statement: 20 KB of one piece repeated,
 * which a nested quantifier backtracks on for seconds, is read in milliseconds by linear code. A wall-clock
 * bound, so here in test:perf, run alone once both databases' suites are done.
 */
const SIZE = 20_000;
/** Generous for a loaded machine (the best of three runs): linear code takes a few milliseconds here. */
const BOUND_MS = 1000;

const repeated = (piece: string) => piece.repeat(Math.ceil(SIZE / piece.length)).slice(0, SIZE);

t.test("the signals run in time linear in the statement (no nested quantifiers)", async (t) => {
  const pieces = ["I ", "my ", "we ", "a", " ", "1", "12 ", "€", "$1,", "kg ", "size ", "to ", "in Paris ", "de ", "ich ", "je ", "yo ", "é", "-", ".", ",", "'"];
  for (const piece of pieces) {
    const elapsed = bestOfThreeMs(() => generalStatements(repeated(piece), undefined, new Map(), () => true));
    t.ok(elapsed < BOUND_MS, `"${piece}" × ${SIZE / piece.length}: ${elapsed.toFixed(0)} ms`);
  }
});

t.test("the earlier facts are read in time linear in the statement (no nested quantifiers)", async (t) => {
  const earlier = new EarlierFacts(
    new Map([
      ["budget", "My budget is $800 a month."],
      ["home city", "I live in Bristol."],
      ["travel destination", "Wir fliegen nach Lissabon."],
      ["running days per week", "I run 3 days a week."],
    ]),
    undefined,
  );
  const pieces = ["I ", "in ", "in Bath ", "nach ", "1", "12 ", "1.2", "€", "$1,", "kg ", "days ", "B1 ", "now ", "a", " ", "é", "-", ".", ","];
  for (const piece of pieces) {
    const elapsed = bestOfThreeMs(() => earlier.read(repeated(piece), new Map()));
    t.ok(elapsed < BOUND_MS, `"${piece}" × ${SIZE / piece.length}: ${elapsed.toFixed(0)} ms`);
  }
});

t.test("the whole extractor on pathological messages costs linear time", async (t) => {
  const user = (content: string, id = 0) => ({ id, role: "user", content, createdAt: new Date(Date.UTC(2025, 0, 1, 0, id)) });
  const messages = [user("I live in ".repeat(5000), 1), user("a".repeat(100_000), 2), user("my budget is 1".repeat(3000), 3), user("¿, ".repeat(5000) + "?", 4)];
  const elapsed = bestOfThreeMs(() => extractFacts(messages));
  t.ok(elapsed < 2 * BOUND_MS, `${elapsed.toFixed(0)} ms`);
});
