import { FACTS_SPLITS } from "../../test/fixtures/memory/facts/index.ts";
import type { FactResult, UserResult } from "./evaluate.ts";

export interface Scores {
  users: number;
  facts: number;
  recall: number;
  changed: number;
  /** Changed facts whose earlier value is shown as current, per changed fact. */
  stale: number;
  provenance: number;
  history: number;
  /** Kept facts not stated by the user about themselves, per kept fact. */
  notAboutUser: number;
  keptFacts: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

export function scores(results: UserResult[]): Scores {
  const facts = results.flatMap((result) => result.facts);
  const changed = facts.filter((fact) => fact.changed);
  const keptFacts = sum(results, (result) => result.kept.length);
  return {
    users: results.length,
    facts: facts.length,
    recall: ratio(facts.filter((fact) => fact.found).length, facts.length),
    changed: changed.length,
    stale: changed.length === 0 ? 0 : changed.filter((fact) => fact.stale).length / changed.length,
    provenance: ratio(sum(results, (result) => result.sourcedRight), sum(results, (result) => result.ofExpectedSubjects)),
    history: ratio(sum(facts, (fact) => fact.historyKept), sum(facts, (fact) => fact.history)),
    notAboutUser: keptFacts === 0 ? 0 : sum(results, (result) => result.notAboutUser) / keptFacts,
    keptFacts,
  };
}

const pct = (value: number) => value.toFixed(3);

function row(label: string, s: Scores): string {
  return [label.padEnd(22), String(s.users).padStart(5), String(s.facts).padStart(5), pct(s.recall).padStart(7), String(s.changed).padStart(7), pct(s.stale).padStart(6), pct(s.provenance).padStart(10), pct(s.history).padStart(8), pct(s.notAboutUser).padStart(9)].join(" ");
}

/** Recall alone, for groups of facts (kind, position) rather than of users. */
function recallRow(label: string, facts: FactResult[]): string {
  const changed = facts.filter((fact) => fact.changed);
  return `${label.padEnd(22)} ${String(facts.length).padStart(5)} ${pct(ratio(facts.filter((fact) => fact.found).length, facts.length)).padStart(7)} ${String(changed.length).padStart(7)} ${pct(changed.length === 0 ? 0 : changed.filter((fact) => fact.stale).length / changed.length).padStart(6)}`;
}

function groups<T>(items: T[], key: (item: T) => string): [string, T[]][] {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map].sort(([a], [b]) => a.localeCompare(b));
}

export function report(results: UserResult[]): string {
  const lines: string[] = [];
  for (const split of FACTS_SPLITS) {
    const part = results.filter((result) => result.user.split === split);
    if (part.length === 0) continue;
    lines.push(`== ${split} ==`, `${"".padEnd(22)} users facts  recall changed  stale provenance  history  not-user`, row("all", scores(part)));
    for (const [language, group] of groups(part, (result) => result.user.language)) lines.push(row(`language ${language}`, scores(group)));
    for (const [domain, group] of groups(part, (result) => result.user.domain)) lines.push(row(`domain ${domain}`, scores(group)));
    lines.push(`${"".padEnd(22)} facts  recall changed  stale`);
    const facts = part.flatMap((result) => result.facts);
    for (const [kind, group] of groups(facts, (fact) => fact.kind)) lines.push(recallRow(`kind ${kind}`, group));
    for (const [position, group] of groups(facts, (fact) => fact.position)) lines.push(recallRow(`stated ${position}`, group));
    lines.push("");
  }
  return lines.join("\n");
}

/** A user's kept facts in full: current ones, then history, with the message each came from. */
export function userFacts(result: UserResult, names: Map<number, string>): string {
  const lines = [`${result.user.id} (${result.user.split}, ${result.user.language}, ${result.user.domain})`];
  for (const fact of result.kept) {
    const state = fact.invalidAt === null ? "current" : `until ${fact.invalidAt.toISOString().slice(0, 10)}`;
    lines.push(`  ${fact.subject.padEnd(22)} ${names.get(fact.messageId)!.padEnd(5)} ${fact.statedAt.toISOString().slice(0, 10)} ${state.padEnd(16)} ${fact.text}`);
  }
  const missed = result.facts.filter((fact) => !fact.found).map((fact) => fact.subject + (fact.stale ? " (stale shown)" : ""));
  if (missed.length > 0) lines.push(`  missed: ${missed.join(", ")}`);
  return lines.join("\n");
}
