import type { ChangedFact } from "../../test/fixtures/memory/index.ts";

/** Case, accents, typographic apostrophes and runs of whitespace do not count. */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[’‘]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const DIGIT = /\p{Nd}/u;
const LATIN = /[\p{Script=Latin}\p{Nd}]/u;

/** Whether `next`, beside a match's edge character `edge`, continues the same number or word. */
function continues(edge: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (DIGIT.test(edge)) return DIGIT.test(next);
  return LATIN.test(edge) && LATIN.test(next);
}

/** `needle` in `haystack` (both normalised) as a whole word or number: "$80" is not in "$800". */
export function mentions(haystack: string, needle: string): boolean {
  const first = needle.charAt(0);
  const last = needle.charAt(needle.length - 1);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!continues(first, haystack[at - 1]) && !continues(last, haystack[at + needle.length])) return true;
  }
  return false;
}

/** The summary's sentences (and lines), normalised. */
function sentences(summary: string): string[] {
  return normalise(summary.replace(/\n/g, " \n "))
    .split(/(?<=[.!?;])\s+|\n|(?<=[。！？；])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export interface Score {
  found: string[];
  missed: string[];
  /** Changed facts whose old value the summary states as current. */
  staleShown: ChangedFact[];
}

/**
 * Gold facts found in the summary, and stale values shown as current: a sentence that holds the
 * old value but not the new one ("budget $1,200"), while "raised the budget from $1,200 to $1,500"
 * reports the change and counts as right.
 */
export function score(summary: string, facts: string[], changed: ChangedFact[]): Score {
  const text = normalise(summary);
  const found = facts.filter((fact) => mentions(text, normalise(fact)));
  const parts = sentences(summary);
  const staleShown = changed.filter(({ current, stale }) =>
    parts.some((sentence) => mentions(sentence, normalise(stale)) && !mentions(sentence, normalise(current))),
  );
  return { found, missed: facts.filter((fact) => !found.includes(fact)), staleShown };
}

export type Position = "early" | "middle" | "late";

/** Where in the conversation a fact is first stated: its first third, middle third or last third. */
export function position(messages: { content: string }[], fact: string): Position | undefined {
  const needle = normalise(fact);
  const index = messages.findIndex((message) => mentions(normalise(message.content), needle));
  if (index === -1) return undefined;
  const fraction = messages.length <= 1 ? 0 : index / (messages.length - 1);
  return fraction < 1 / 3 ? "early" : fraction <= 2 / 3 ? "middle" : "late";
}
