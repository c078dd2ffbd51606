import type { Test } from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { withFact, type KeptFact } from "../../../src/memory/facts/supersede.ts";

const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day));

/** The checks of one language's dev set of phrasings (test/memory/facts/signals.<language>.test.ts). */
export function phrasingCases(language: string) {
  let nextId = 1;
  const message = (role: string, content: string, day = 0): FactMessage => ({ id: nextId++, role, content, createdAt: at(day), language });
  const subjectsOf = (content: string) => extractFacts([message("user", content)]).map((fact) => fact.subject);
  return {
    subjectsOf,
    /** Each sentence states its subject. */
    statesSubject(t: Test, cases: [string, string][]) {
      for (const [sentence, subject] of cases) t.ok(subjectsOf(sentence).includes(subject), `${sentence} → ${subject}`);
    },
    /** No sentence states anything. */
    statesNothing(t: Test, sentences: string[]) {
      for (const sentence of sentences) t.same(subjectsOf(sentence), [], sentence);
    },
    /** The later statement, a month after the earlier, is the subject's current fact and the earlier its history. */
    changesSubject(t: Test, cases: [string, string, string][]) {
      for (const [earlier, later, subject] of cases) {
        let kept: KeptFact[] = [];
        let id = 1;
        for (const [month, content] of [earlier, later].entries()) {
          for (const fact of extractFacts([message("user", content, month * 30)])) kept = withFact(kept, { ...fact, statedAt: at(month * 30) }, id++);
        }
        const timeline = kept.filter((fact) => fact.subject === subject).map((fact) => fact.invalidAt === null);
        t.same(timeline, [false, true], `${earlier} → ${later}`);
      }
    },
    /** After the thread's first message, the later one states the subject. */
    statesInThread(t: Test, cases: [string, string, string][]) {
      for (const [thread, later, subject] of cases) {
        const stating = message("user", later);
        const facts = extractFacts([message("user", thread), stating]);
        t.ok(facts.some((fact) => fact.subject === subject && fact.messageId === stating.id), `${later} → ${subject}`);
      }
    },
  };
}
