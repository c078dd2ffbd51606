// The context block's text: whole facts, then whole summary lines, never over maxChars.
import t from "tap";
import { contextBlock } from "../../src/memory/facts/facts.ts";

const fact = (id: number, text: string) => ({ id, subject: `s${id}`, text, statedAt: "2024-05-01T09:30:00.000Z" });
const facts = [fact(1, "I live in Lyon"), fact(2, "I'm vegetarian\nand I cook"), fact(3, "x".repeat(150))];
const summary = "User said: I live in Lyon.\nUser asked: Which restaurants?\nLatest answer: Try the market.";

t.test("facts, then the summary, each line whole; a fact's line breaks are spaces", async (t) => {
  const { context, factIds } = contextBlock(facts, summary, 20000, false);
  t.equal(
    context,
    [
      "What the user said about themselves (newest first):",
      "- I live in Lyon (s1, 2024-05-01)",
      "- I'm vegetarian and I cook (s2, 2024-05-01)",
      `- ${"x".repeat(150)} (s3, 2024-05-01)`,
      "",
      "Summary of the latest conversation:",
      summary,
    ].join("\n"),
  );
  t.same(factIds, [1, 2, 3]);
});

t.test("cut between whole facts, then between whole summary lines, at every maxChars", async (t) => {
  const full = contextBlock(facts, summary, 20000, true).context;
  for (let maxChars = 0; maxChars <= full.length; maxChars++) {
    const { context, factIds } = contextBlock(facts, summary, maxChars, true);
    if (context.length > maxChars) t.fail(`${context.length} > ${maxChars}`);
    if (!full.startsWith(context)) t.fail(`not a cut of whole lines at ${maxChars}`);
    const factLines = context.split("\n").filter((line) => line.startsWith("- "));
    if (factLines.length !== factIds.length) t.fail(`factIds at ${maxChars}`);
    if (context !== "" && !full.startsWith(`${context}\n`) && context !== full) t.fail(`a line cut at ${maxChars}`);
  }
  t.equal(contextBlock(facts, summary, 200, true).context.split("\n").length, 3, "200: the heading and the first two facts; the long one does not fit");
  t.pass("every length checked");
});

t.test("no facts: the summary alone; neither: empty", async (t) => {
  t.equal(contextBlock([], summary, 2000, false).context, `Summary of the latest conversation:\n${summary}`);
  t.same(contextBlock([], null, 2000, false), { context: "", factIds: [] });
});
