import t from "tap";
import { compile, compileOnUse, prefilter, rule } from "../../../src/memory/facts/rule.ts";
import { rulesFor } from "../../../src/memory/facts/rules/index.ts";
import { signalReaders } from "../../../src/memory/facts/signals/index.ts";
import { FACTS_USERS } from "../../fixtures/memory/facts/index.ts";

/**
 * The prefilter (src/memory/facts/rule.ts) rules statements out before a rule's or a signal's
 * pattern runs: it must match wherever the pattern does, or a fact would be lost.
 */
t.test("drops word boundaries, lookarounds and anchors, keeps the rest", async (t) => {
  t.equal(prefilter(String.raw`^\bcats?(?! (?:food|\bsitter)\b)(?<=s)\b(?<!x)(?=\.)$`).source, "cats?");
  t.equal(prefilter(String.raw`\bmy name is (?<name>\p{L}+)`).source, String.raw`my name is (?<name>\p{L}+)`);
  t.equal(prefilter(String.raw`x[^.;$]{0,20}\$\d+[\b\]]`).source, String.raw`x[^.;$]{0,20}\$\d+[\b\]]`);
  t.equal(prefilter("a").flags, "iu");
});

t.test("an alternative starts at its first part that is neither white space nor optional", async (t) => {
  t.equal(prefilter(String.raw`\b(?:around|about)?\s*(?<v>\d+)|^\s*(?:ya )?en casa|[^.;$]{0,20}\$\d+`).source, String.raw`(?<v>\d+)|en casa|\$\d+`);
  t.equal(prefilter(String.raw`(?:a|b)? +x`).source, "x");
});

t.test("a name group's negative lookahead goes with it, not only its boundary", async (t) => {
  const source = String.raw`\bmoved to (?!(?:a|the)\b)(?<name>\p{L}+)`;
  t.ok(compile(source).test("We moved to Amsterdam"));
  t.ok(prefilter(source).test("We moved to Amsterdam"), "without the lookahead's boundary alone, 'a' would rule Amsterdam out");
});

t.test("a pattern is compiled on first use, then kept", async (t) => {
  const pattern = compileOnUse(String.raw`\bcats?\b`, "giu");
  t.equal(pattern(), pattern(), "one RegExp: a global pattern's lastIndex is the caller's to reset");
  t.same([pattern().source, pattern().flags], [compile(String.raw`\bcats?\b`, "giu").source, "giu"]);
  const built = rule("pet", String.raw`\bmy cat\b`);
  t.equal(built.pattern, built.pattern);
  t.ok(built.pattern.test("My cat sleeps") && !built.pattern.test("my category"), "with the boundaries compile gives");
});

t.test("every rule's and signal's prefilter matches every fixture text its pattern matches", async (t) => {
  const tuned = new Set(["tune", "heldout", "heldout2"]);
  const texts = FACTS_USERS.filter((user) => tuned.has(user.split))
    .flatMap((user) => user.threads.flatMap((thread) => thread.messages.flatMap(([role, content]) => (role === "user" ? [content] : []))))
    .flatMap((content) => content.split(/(?<=[.!?])\s+|, /u));
  const patterns = [
    ...rulesFor(undefined).map((rule) => [rule.subject, rule.pattern, rule.quick] as const),
    ...signalReaders(undefined).flatMap(({ signals }) =>
      signals.flatMap((signal) => [[signal.subject, signal.pattern, signal.quick] as const, ...(signal.with && signal.quickWith ? [[`${signal.subject} (with)`, signal.with, signal.quickWith] as const] : [])]),
    ),
  ];
  let matched = 0;
  const missed: string[] = [];
  for (const [subject, pattern, quick] of patterns) {
    for (const text of texts) {
      pattern.lastIndex = 0;
      if (!pattern.test(text)) continue;
      matched++;
      if (!quick.test(text)) missed.push(`${subject}: ${text}`);
    }
  }
  t.ok(matched > 300, `the patterns match fixture texts (${matched})`);
  t.same(missed, []);
});
