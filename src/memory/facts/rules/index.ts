import type { Rule } from "../rule.ts";
import { DE } from "./de.ts";
import { EN } from "./en.ts";
import { ES } from "./es.ts";
import { FR } from "./fr.ts";

const BY_LANGUAGE: Record<string, readonly Rule[]> = { en: EN, de: DE, fr: FR, es: ES };
const ALL: readonly Rule[] = [...EN, ...DE, ...FR, ...ES];

const NONE: readonly Rule[] = [];

/**
 * The rules of a language: every language's when it is not known, none for a language without
 * rules (a guess of Japanese or Italian is sure enough that English patterns would only mislead).
 */
/** Whether `language` has rules of its own. */
export const hasRules = (language: string) => language.slice(0, 2).toLowerCase() in BY_LANGUAGE;

export function rulesFor(language: string | undefined): readonly Rule[] {
  return language === undefined ? ALL : (BY_LANGUAGE[language.slice(0, 2).toLowerCase()] ?? NONE);
}

/** Per list of rules, the rules with cues by cue word. */
const BY_CUE = new Map(
  [ALL, NONE, ...Object.values(BY_LANGUAGE)].map((rules) => {
    const byCue = new Map<string, Rule[]>();
    for (const rule of rules) for (const cue of rule.cues ?? []) byCue.set(cue, [...(byCue.get(cue) ?? []), rule]);
    return [rules, byCue] as const;
  }),
);

/**
 * The rules of `rules` (a list rulesFor gives) with a cue among `words`: one look-up per word of a
 * statement, rather than one per cue of every rule.
 */
export function cuedRules(rules: readonly Rule[], words: ReadonlySet<string>): Set<Rule> {
  const byCue = BY_CUE.get(rules)!;
  const cued = new Set<Rule>();
  for (const word of words) for (const rule of byCue.get(word) ?? NONE) cued.add(rule);
  return cued;
}
