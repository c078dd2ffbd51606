import { compileOnUse, prefilterOnUse } from "./rule.ts";

// A signal of the general stage (src/memory/facts/general.ts) and how a language says the speaker: what the language
// files under signals/ are written with, apart from the stage that reads them.

export interface Signal {
  subject: string;
  /** The words that say the subject; a group `name` (a place) must start with a capital letter. */
  pattern: RegExp;
  /** `pattern` and `with` without their assertions (`prefilter`): a statement neither rules out may hold the signal. */
  quick: RegExp;
  quickWith?: RegExp;
  /** Words the clause must hold too: a money amount's "spend", a date's "flight". */
  with?: RegExp;
  /** Words that make the clause about something else: "rental car", "lose 5 kg". */
  unless?: RegExp;
  /** Someone or something the user has: the clause may start with it ("My husband Tomás …", "Our dog …"), not with another person. */
  owned?: boolean;
  /** Part of the user's plans, said without a person too: "The budget is now €900", "The flight moved to June 3". */
  plan?: boolean;
  /** Only in a thread about this (any of its messages says so). */
  topic?: RegExp;
}

export function signal(subject: string, source: string, extra: { with?: string; unless?: string; owned?: boolean; plan?: boolean; topic?: RegExp } = {}): Signal {
  const pattern = compileOnUse(source, source.includes("(?<name>") ? "giu" : "iu");
  const withPattern = extra.with ? compileOnUse(extra.with, "iu") : undefined;
  const unless = extra.unless ? compileOnUse(extra.unless, "iu") : undefined;
  const quick = prefilterOnUse(source);
  const quickWith = extra.with ? prefilterOnUse(extra.with) : undefined;
  const found: Signal = {
    subject,
    get pattern() {
      return pattern();
    },
    get quick() {
      return quick();
    },
    get quickWith() {
      return quickWith?.();
    },
    get with() {
      return withPattern?.();
    },
    get unless() {
      return unless?.();
    },
  };
  if (extra.owned) found.owned = true;
  if (extra.plan) found.plan = true;
  if (extra.topic) found.topic = extra.topic;
  return found;
}

/**
 * How a language says the speaker: a subject pronoun or first-person verb, a possessive; another
 * person (a sister, a colleague, "he") or one of the household (a husband, a son, the dog)
 * starting the clause as its subject; a condition.
 */
export interface Person {
  self: RegExp;
  /** A clause that starts with the speaker's verb, its "I" left out: "Moved to Leipzig in May.", "Bin jetzt in Rente." */
  subjectless?: RegExp;
  own: RegExp;
  other: RegExp;
  household: RegExp;
  /** Someone with the speaker, as one subject: "My girlfriend and I …", "Mein Freund und ich …". */
  together: RegExp;
  condition: RegExp;
  /**
   * The end of something the user has, said of it without the speaker: "the hamster died", "ein
   * Meerschweinchen ist gestorben", "vendimos el coche". It states that subject (the member that
   * ended), as a change does.
   */
  ending: RegExp;
  /** A wish or a request: what follows it is wanted, not had ("Unsere Zwillinge wollen eine Katze", "my daughter wants a puppy"). */
  wish: RegExp;
}
