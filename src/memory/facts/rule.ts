/**
 * One way a user states a fact: a pattern tried on one statement (a sentence, or the part of a
 * question before it asks). Patterns are case-insensitive and free of nested quantifiers, so a
 * sentence costs time linear in its length.
 */
export interface Rule {
  /** The fact's key, shared by every language: "home city", "budget", "diet". */
  subject: string;
  pattern: RegExp;
  /**
   * Only where the thread is about this (one of its messages, the assistant's included, says so):
   * "four days a week now" counts runs in a thread about running.
   */
  topic?: RegExp;
  /** Only when the assistant's message just before asked for it: "Around €150 a night." after "What's your budget?". */
  answers?: RegExp;
}

/** A word boundary that knows letters beyond ASCII ("\b" does not: "é" is not a word character to it). */
const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;

/**
 * A rule from a pattern written with `\b` for word boundaries. A group named `name` must start
 * with a capital letter (a place, a person, a brand), the rest of the pattern ignores case.
 */
export function rule(subject: string, source: string, extra: Omit<Rule, "subject" | "pattern"> = {}): Rule {
  return { subject, pattern: new RegExp(source.replaceAll(String.raw`\b`, BOUNDARY), "iud"), ...extra };
}

/**
 * Up to three words that may be a name: the statement reader keeps only their capitalised start
 * ("Lyon" of "Lyon last month", "New York" of "New York instead").
 */
export const NAME = String.raw`(?<name>\p{L}[\p{L}'’-]*(?: [\p{L}'’-]+){0,2})`;
export const MONEY = String.raw`(?:[$€£]\s?\d[\d.,  ]*\d|[$€£]\s?\d|\d[\d.,  ]*\s?(?:[$€£]|euros?|eur|dollars?|usd|pounds?|gbp|francs?|chf)\b)`;
