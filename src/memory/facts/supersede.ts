/**
 * How a newly stated fact joins the facts a user already has, by subject and by the time it
 * was stated (not by the time it arrived). Pure, so that the database can mirror it in SQL:
 *
 * - a fact of the same subject and message is already known: nothing changes;
 * - the fact stated just before it (or just after it) says the same (`statementKey`): a repeat,
 *   nothing changes;
 * - else it is kept: the fact stated just before it ends when it was stated and is superseded
 *   by it, and it ends where the fact stated just after it (if any) begins, superseded by that
 *   one. A late-arriving older statement thus lands as history and never replaces a newer fact.
 */

export interface StatedFact {
  subject: string;
  text: string;
  messageId: number;
  statedAt: Date;
}

export interface KeptFact extends StatedFact {
  id: number;
  invalidAt: Date | null;
  supersededById: number | null;
}

/** When a fact of the subject ends, and which fact replaced it. */
export interface Ending {
  id: number;
  invalidAt: Date;
  supersededById: number;
}

export type Placement = { kind: "known" | "repeat" } | { kind: "kept"; invalidAt: Date | null; supersededById: number | null; ends: Ending | null };

/** What two statements are compared on: letters and digits, lowercase, single spaces. */
export function statementKey(text: string): string {
  return text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** Time order of facts: when stated, then by message (two messages of one instant keep their order). */
export function statedOrder(a: StatedFact, b: StatedFact): number {
  return a.statedAt.getTime() - b.statedAt.getTime() || a.messageId - b.messageId;
}

/** Where a new fact with id `id` goes among `facts` (all the user's facts of its subject, in any order). */
export function place(facts: readonly KeptFact[], fact: StatedFact, id: number): Placement {
  let before: KeptFact | undefined;
  let after: KeptFact | undefined;
  for (const other of facts) {
    if (other.subject !== fact.subject) continue;
    if (other.messageId === fact.messageId) return { kind: "known" };
    if (statedOrder(other, fact) < 0) {
      if (!before || statedOrder(other, before) > 0) before = other;
    } else if (!after || statedOrder(other, after) < 0) after = other;
  }
  const key = statementKey(fact.text);
  if ((before && statementKey(before.text) === key) || (after && statementKey(after.text) === key)) return { kind: "repeat" };
  return {
    kind: "kept",
    invalidAt: after?.statedAt ?? null,
    supersededById: after?.id ?? null,
    ends: before ? { id: before.id, invalidAt: fact.statedAt, supersededById: id } : null,
  };
}

/** `facts` with `fact` placed among them (a new array; the facts it changes are new objects). */
export function withFact(facts: readonly KeptFact[], fact: StatedFact, id: number): KeptFact[] {
  const placement = place(facts, fact, id);
  if (placement.kind !== "kept") return [...facts];
  const { ends } = placement;
  const updated = facts.map((other) => (ends && other.id === ends.id ? { ...other, invalidAt: ends.invalidAt, supersededById: ends.supersededById } : other));
  return [...updated, { ...fact, id, invalidAt: placement.invalidAt, supersededById: placement.supersededById }];
}
