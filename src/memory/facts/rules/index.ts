import type { Rule } from "../rule.ts";
import { DE } from "./de.ts";
import { EN } from "./en.ts";
import { ES } from "./es.ts";
import { FR } from "./fr.ts";

const BY_LANGUAGE: Record<string, readonly Rule[]> = { en: EN, de: DE, fr: FR, es: ES };
const ALL: readonly Rule[] = [...EN, ...DE, ...FR, ...ES];

/**
 * The rules of a language: every language's when it is not known, none for a language without
 * rules (a guess of Japanese or Italian is sure enough that English patterns would only mislead).
 */
export function rulesFor(language: string | undefined): readonly Rule[] {
  return language === undefined ? ALL : (BY_LANGUAGE[language.slice(0, 2).toLowerCase()] ?? []);
}
