import type { FactExtractor } from "../../src/memory/facts/extractor.ts";
import { statedOrder, withFact, type KeptFact } from "../../src/memory/facts/supersede.ts";
import { userMessages, type ExpectedFact, type FactsUser } from "../../test/fixtures/memory/facts/index.ts";

export type Position = "early" | "middle" | "late";

/** One expected current fact, as the extractor and supersession left it. */
export interface FactResult {
  subject: string;
  kind: ExpectedFact["kind"];
  /** Where in the user's messages the current fact was stated. */
  position: Position;
  found: boolean;
  /** An earlier value is shown as current. */
  stale: boolean;
  changed: boolean;
  history: number;
  historyKept: number;
}

export interface UserResult {
  user: FactsUser;
  facts: FactResult[];
  kept: KeptFact[];
  /** Kept facts of the expected subjects, and those whose source states that subject. */
  ofExpectedSubjects: number;
  sourcedRight: number;
  /** Kept facts whose source states none of the expected facts (assistant, question, small talk). */
  notAboutUser: number;
}

function position(id: number, total: number): Position {
  const share = (id - 1) / Math.max(1, total - 1);
  return share < 1 / 3 ? "early" : share < 2 / 3 ? "middle" : "late";
}

/**
 * Runs the extractor over each thread of a user, oldest first, places every fact by the time its
 * message was written (src/memory/facts/supersede.ts), and compares the result with the fixture.
 */
export async function evaluateUser(user: FactsUser, extractor: FactExtractor): Promise<UserResult> {
  const { threads, ids } = userMessages(user);
  const times = new Map(threads.flat().map((message) => [message.id, message.createdAt]));
  const id = (name: string) => {
    const found = ids.get(name);
    if (found === undefined) throw new Error(`${user.id}: no message ${name}`);
    return found;
  };
  let kept: KeptFact[] = [];
  let nextId = 1;
  for (const messages of threads) {
    const current = new Map(kept.flatMap((fact) => (fact.invalidAt === null ? [[fact.subject, fact.text] as const] : [])));
    const extracted = await extractor.extract(messages, undefined, current);
    for (const fact of extracted) kept = withFact(kept, { ...fact, statedAt: times.get(fact.messageId)! }, nextId++);
  }
  kept.sort((a, b) => a.subject.localeCompare(b.subject) || statedOrder(a, b));
  const total = ids.size;
  const stating = new Map<string, Set<number>>();
  for (const fact of user.facts) stating.set(fact.subject, new Set([fact.current, ...(fact.history ?? []), ...(fact.also ?? [])].map(id)));
  const anyStating = new Set([...stating.values()].flatMap((set) => [...set]));
  const facts = user.facts.map((expected): FactResult => {
    const current = kept.find((fact) => fact.subject === expected.subject && fact.invalidAt === null);
    const accepted = new Set([expected.current, ...(expected.also ?? [])].map(id));
    const earlier = new Set((expected.history ?? []).map(id));
    const history = expected.history ?? [];
    return {
      subject: expected.subject,
      kind: expected.kind,
      position: position(id(expected.current), total),
      found: current !== undefined && accepted.has(current.messageId),
      stale: current !== undefined && earlier.has(current.messageId) && !accepted.has(current.messageId),
      changed: history.length > 0,
      history: history.length,
      historyKept: history.filter((name) => kept.some((fact) => fact.subject === expected.subject && fact.messageId === id(name) && fact.invalidAt !== null)).length,
    };
  });
  const ofExpectedSubjects = kept.filter((fact) => stating.has(fact.subject));
  return {
    user,
    facts,
    kept,
    ofExpectedSubjects: ofExpectedSubjects.length,
    sourcedRight: ofExpectedSubjects.filter((fact) => stating.get(fact.subject)!.has(fact.messageId)).length,
    notAboutUser: kept.filter((fact) => !anyStating.has(fact.messageId)).length,
  };
}
