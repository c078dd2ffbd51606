import t from "tap";
import { place, statementKey, withFact, type KeptFact, type StatedFact } from "../../../src/memory/facts/supersede.ts";

const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const stated = (messageId: number, text: string, on: number, subject = "home city"): StatedFact => ({ subject, text, messageId, statedAt: day(on) });

/** The facts after adding `facts` in this order (ids 1, 2, …), as [id, messageId, invalidAt day, supersededById]. */
function after(facts: StatedFact[]) {
  let kept: KeptFact[] = [];
  facts.forEach((fact, index) => (kept = withFact(kept, fact, index + 1)));
  return kept
    .sort((a, b) => a.id - b.id)
    .map((fact) => [fact.id, fact.messageId, fact.invalidAt?.getUTCDate() ?? null, fact.supersededById]);
}

t.test("a later statement of the subject supersedes the current fact; other subjects stay", async (t) => {
  t.same(after([stated(10, "I live in Paris", 1), stated(11, "I'm vegetarian", 2, "diet"), stated(20, "We moved to Lyon", 5)]), [
    [1, 10, 5, 3],
    [2, 11, null, null],
    [3, 20, null, null],
  ]);
});

t.test("an older statement arriving late lands as history and never replaces the newer fact", async (t) => {
  t.same(after([stated(20, "We moved to Lyon", 5), stated(10, "I live in Paris", 1)]), [
    [1, 20, null, null],
    [2, 10, 5, 1],
  ]);
  t.same(
    after([stated(10, "I live in Paris", 1), stated(30, "Now in Berlin", 9), stated(20, "We moved to Lyon", 5)]),
    [
      [1, 10, 5, 3],
      [2, 30, null, null],
      [3, 20, 9, 2],
    ],
    "one between two: the chain is Paris → Lyon → Berlin",
  );
});

t.test("saying the same again makes no second fact; the same message again changes nothing", async (t) => {
  t.same(after([stated(10, "I live in Paris.", 1), stated(20, "i live in   PARIS", 5)]), [[1, 10, null, null]]);
  t.same(after([stated(20, "I live in Paris", 5), stated(10, "I live in Paris!", 1)]), [[1, 20, null, null]], "also when the repeat is the older one");
  t.same(after([stated(10, "I live in Paris", 1), stated(10, "I live in Paris now", 1)]), [[1, 10, null, null]]);
  t.same(
    after([stated(10, "I live in Paris", 1), stated(20, "We moved to Lyon", 5), stated(30, "I live in Paris", 9)]),
    [
      [1, 10, 5, 2],
      [2, 20, 9, 3],
      [3, 30, null, null],
    ],
    "going back to an earlier value is a change",
  );
});

t.test("two messages of one instant are ordered by message", async (t) => {
  t.same(after([stated(11, "We moved to Lyon", 1), stated(10, "I live in Paris", 1)]), [
    [1, 11, null, null],
    [2, 10, 1, 1],
  ]);
});

t.test("place says what to write, for a store that mirrors it", async (t) => {
  const kept: KeptFact[] = [{ ...stated(10, "I live in Paris", 1), id: 7, invalidAt: null, supersededById: null }];
  t.same(place(kept, stated(20, "We moved to Lyon", 5), 8), { kind: "kept", invalidAt: null, supersededById: null, ends: { id: 7, invalidAt: day(5), supersededById: 8 } });
  t.same(place(kept, stated(20, "I live in Paris", 5), 8), { kind: "repeat" });
  t.same(place(kept, stated(10, "Paris", 1), 8), { kind: "known" });
  t.same(place(kept, stated(20, "Vegan", 5, "diet"), 8), { kind: "kept", invalidAt: null, supersededById: null, ends: null });
  t.equal(statementKey("  Ich wohne in Köln!! "), "ich wohne in köln");
});
