import { NOT_A_PLACE, clauses, type ClauseStatement } from "./general.ts";
import { MONEY } from "./rule.ts";
import { StatementReader } from "./statements.ts";
import { signalReaders } from "./signals/index.ts";
import { MONTH as DE_MONTH } from "./signals/de.ts";
import { MONTH as EN_MONTH } from "./signals/en.ts";
import { MONTH as ES_MONTH } from "./signals/es.ts";
import { MONTH as FR_MONTH } from "./signals/fr.ts";

/**
 * Changes read by the user's own earlier facts: a later clause of the user that says again what
 * one of their current facts is about (its words) or says that something changed, with another
 * value of the kind that fact holds (an amount of money, a count of days, kilos, steps or years,
 * a language level, a month, a name or a word after the same preposition), states that subject
 * anew. It needs no phrasing of the subject: the user's earlier words are the anchor.
 */

/** A value in a text: its kind ("money", "days", "level", …) and how it is written (lowercase). */
interface Value {
  kind: string;
  value: string;
  /** A name in lowercase: a place only where the clause also says that something changed. */
  lowercase?: boolean;
}

const UNITS: [string, string][] = [
  ["days", String.raw`x|mal|times|fois|veces|days?|tage?n?|jours?|d[ií]as?`],
  ["weight", String.raw`kg|kilos?|lbs?`],
  ["distance", String.raw`km|miles?`],
  ["steps", String.raw`steps|schritte|pas|pasos`],
  ["hours", String.raw`h|hours?|std|stunden|heures?|horas?`],
  ["years", String.raw`years?|yo|jahre?n?|ans?|años?`],
];
/** Counts from two to ten written out, in each language: "four days a week", "vier Tage", "quatre jours", "cuatro días". */
const NUMBER_WORDS = [
  "two zwei deux dos",
  "three drei trois tres",
  "four vier quatre cuatro",
  "five fünf cinq cinco",
  "six sechs six seis",
  "seven sieben sept siete",
  "eight acht huit ocho",
  "nine neun neuf nueve",
  "ten zehn dix diez",
];
const NUMBER = new Map(NUMBER_WORDS.flatMap((words, index) => words.split(" ").map((word) => [word, String(index + 2)] as const)));
const COUNTED = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(\d{1,3}(?:[.,]\d{3})?(?:[.,]\d{1,2})?|${[...NUMBER.keys()].join("|")}) ?(?:(${UNITS.map(([, unit]) => unit).join(")|(")}))(?![\p{L}\p{N}])`,
  "giu",
);
/** A count written out with its unit, without the word boundaries (a quick test: `COUNTED` reads it). */
const COUNTED_WORDS = new RegExp(String.raw`(?:${[...NUMBER.keys()].join("|")}) ?(?:${UNITS.map(([, unit]) => unit).join("|")})`, "iu");
const MONEY_VALUE = new RegExp(MONEY, "giu");
const DIGIT = /\p{N}/u;
/** After a sum, what makes it a difference, not an amount the user has or spends: "the flights were £200 cheaper". */
const DIFFERENCE = /^ ?(?:cheaper|dearer|less|more|off|extra|günstiger|billiger|teurer|weniger|mehr|moins|de moins|de plus|más|menos|de descuento)(?![\p{L}])/iu;
const MONTHS = new RegExp(String.raw`(?<![\p{L}])(?:${[EN_MONTH, DE_MONTH, FR_MONTH, ES_MONTH].map((month) => month.replace(/\\b$/u, "")).join("|")})(?![\p{L}])`, "giu");
/** `MONTHS` without its word boundaries: a quick test, which V8 scans for far faster. */
const MONTHS_ANYWHERE = new RegExp(MONTHS.source.replace("(?<![\\p{L}])", "").replace("(?![\\p{L}])", ""), "iu");
/** A language level (A1 … C2, the JLPT's N5 … N1), in capitals. */
const LEVEL = /(?<![\p{L}\p{N}])(?:[ABC][12]|N[1-5])(?![\p{L}\p{N}])/gu;
const CAPITAL = /^\p{Lu}/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

const digits = (text: string) => text.replace(/[^\p{N}]/gu, "");

/** The values of `text`, by kind (names are read after the word before an earlier one: `Anchor`). */
function valuesOf(text: string): Value[] {
  const found: Value[] = [];
  for (const match of text.matchAll(MONEY_VALUE)) {
    if (!DIFFERENCE.test(text.slice(match.index + match[0].length))) found.push({ kind: "money", value: digits(match[0]) });
  }
  for (const match of text.matchAll(COUNTED)) {
    const unit = match.slice(2).findIndex((group) => group !== undefined);
    const count = match[1]!.toLocaleLowerCase();
    found.push({ kind: UNITS[unit]![0], value: NUMBER.get(count) ?? count.replace(",", ".") });
  }
  for (const match of text.matchAll(MONTHS)) found.push({ kind: "month", value: match[0].toLocaleLowerCase().slice(0, 3) });
  for (const match of text.matchAll(LEVEL)) found.push({ kind: "level", value: match[0] });
  return found;
}

/** Words of four letters or more that say nothing of a subject: pronouns, auxiliaries, conjunctions, fillers, spans of time. */
const FUNCTION_WORDS = new Set(
  (
    "about also been before could does doing from have having here into just like maybe more much only really some still that than their them then there these they this very want well were what when which while will with would your yours week weeks month months year years today " +
    "aber alle also auch bald bevor dann dass denn diese dieser doch eine einen einem einer etwa habe haben hatte immer jetzt kann mehr mein meine meinen meiner nach nicht noch oder schon sehr sein seit sind über unser unsere viel weil wenn wird wieder woche wochen monat monate jahr jahre heute " +
    "aussi avant avec bien cette comme dans depuis donc elle elles être fait faire leur mais même moins nous notre peut plus pour quand quel quelle sans sont suis tous tout très vous semaine semaines mois année années " +
    "ahora algo antes aquí bien como con cuando desde esta este esto estoy hace hacer mucho muy nada para pero poco porque pues sobre solo también tengo tiene todo todos una unos semana semanas meses año años"
  ).split(" "),
);
const STEM = 5;

/** The stems of `text`'s words that may say what it is about (a noun, a verb, an adjective). */
function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const [word] of text.toLocaleLowerCase().matchAll(WORD)) {
    if (word.length >= 4 && !/\p{N}/u.test(word) && !FUNCTION_WORDS.has(word)) stems.add(word.slice(0, STEM));
  }
  return stems;
}

/**
 * The kinds of value each subject takes (a schema, not a phrasing): a later value of one of them
 * may change the subject. Subjects whose values are things (a phone, a dog, a diet) are read by
 * their words only.
 */
const KINDS: Record<string, readonly string[]> = {
  age: ["years"],
  weight: ["weight"],
  budget: ["money"],
  "running days per week": ["days"],
  "work schedule": ["days", "hours"],
  "daily steps": ["steps"],
  "language learning": ["level"],
  "training goal": ["distance", "name"],
  "travel date": ["month"],
  "home city": ["name"],
  "travel origin": ["name"],
  "travel destination": ["name"],
};

/** The subjects whose changes are read by their earlier facts. */
export const CHANGED_SUBJECTS: readonly string[] = Object.keys(KINDS);

/** The kinds only one subject takes: a value of one says which subject it is. */
const OWN_KINDS = new Set(Object.values(KINDS).flat().filter((kind, _, all) => all.indexOf(kind) === all.lastIndexOf(kind)));

/** A short word just before a name ("nach" of "nach Wien", "à" of "à Paris"). */
const BEFORE_NAME = /(?<![\p{L}])(\p{Ll}{1,5}) $/u;
const BEFORE_CAPITAL = /(?<![\p{L}])(\p{Ll}{1,5}) (\p{Lu}[\p{L}'’-]{0,24})/gu;
const ARTICLE = String.raw`(?<article>(?:the|der|die|das|den|dem|le|la|les|l['’]|el|los|las) ?)?`;

/**
 * What the user's earlier fact of `subject` says, as the anchor of a later change: its values and
 * stems are read when a clause first holds a value of the subject's kinds (most never do).
 */
class Anchor {
  private read?: { values: Value[]; stems: Set<string> };
  private named?: { value: string; before: RegExp } | null;
  /** The short words before a capitalised word of the text, each between spaces: where its name may be (" to ", " in " of "flying to Lisbon in May"). */
  private readonly beforeWords: string[];
  /** The names of the text after a short word, none a month or a day: "Lisbon" of "flying to Lisbon in May". */
  private readonly names: RegExpExecArray[];

  constructor(
    readonly subject: string,
    private readonly text: string,
    readonly kinds: readonly string[],
    private readonly language: string | undefined,
  ) {
    this.names = kinds.includes("name") ? [...text.matchAll(BEFORE_CAPITAL)].filter((match) => !NOT_A_PLACE.test(match[2]!)) : [];
    this.beforeWords = this.names.map((match) => ` ${match[1]!} `);
  }

  /**
   * Whether `statement` may name a value of the subject after the earlier name's word: the word
   * before a capital, or before any word of a writer who does not capitalise (`lowercase`).
   */
  mayName(statement: string, lowercase: boolean): boolean {
    for (const word of this.beforeWords) {
      for (let at = statement.indexOf(word); at >= 0; at = statement.indexOf(word, at + 1)) {
        if (lowercase || CAPITAL.test(statement.charAt(at + word.length))) return true;
      }
    }
    return false;
  }

  /**
   * The earlier fact's name (a place) and the word before it ("nach" of "nach Wien", "from" of
   * "from Lisbon"): a later word after that one is another value of it. The text's one name, or of
   * several ("von Hamburg nach Wien"), the one the rules read as the subject's.
   */
  get name(): { value: string; before: RegExp } | undefined {
    if (this.named === undefined) {
      this.named = null;
      const [only] = this.names;
      const found = this.names.length === 1 ? { word: only![1]!, value: only![2]!.toLocaleLowerCase() } : this.namedByRules();
      if (found) this.named = { value: found.value, before: new RegExp(String.raw`(?<![\p{L}])${found.word} ${ARTICLE}(?<name>\p{L}[\p{L}'’-]{2,24})`, "giu") };
    }
    return this.named ?? undefined;
  }

  private namedByRules(): { word: string; value: string } | undefined {
    const text = this.text;
    const name = this.names.length > 0 ? new StatementReader([{ role: "user", content: text, ...(this.language ? { language: this.language } : {}) }]).read(text, 0, this.subject)[0] : undefined;
    const word = name && CAPITAL.test(text.slice(name.start)) ? BEFORE_NAME.exec(text.slice(Math.max(0, name.start - 7), name.start))?.[1] : undefined;
    return word ? { word, value: name!.value } : undefined;
  }

  get values(): Value[] {
    return (this.read ??= { values: valuesOf(this.text), stems: stemsOf(this.text) }).values;
  }

  get stems(): Set<string> {
    return (this.read ??= { values: valuesOf(this.text), stems: stemsOf(this.text) }).stems;
  }
}

/**
 * The values of `clause` of a kind the anchor's subject takes, none of them the earlier fact's own.
 * A name after the anchor's word may be in lowercase when the writer does not capitalise
 * (`lowercase`: their sentence starts in lowercase, "wir fliegen jetzt nach porto").
 */
function otherValues(anchor: Anchor, clause: string, values: readonly Value[], lowercase: boolean): Value[] {
  const ofKinds = values.filter((value) => anchor.kinds.includes(value.kind));
  const other = ofKinds.length === 0 ? [] : ofKinds.filter((value) => !anchor.values.some((old) => old.kind === value.kind && old.value === value.value));
  const named = anchor.mayName(clause, lowercase) ? anchor.name : undefined;
  if (named) {
    for (const match of clause.matchAll(named.before)) {
      const name = match.groups!.name!;
      const value = name.toLocaleLowerCase();
      // A lowercase word after an article is a thing ("en el gimnasio"), not a place.
      if (FUNCTION_WORDS.has(value) || NOT_A_PLACE.test(name) || value.startsWith(named.value)) continue;
      if (CAPITAL.test(name)) other.push({ kind: "name", value });
      else if (lowercase && !match.groups!.article) other.push({ kind: "name", value, lowercase: true });
    }
  }
  return other;
}

/**
 * The user's current facts as anchors of what a later thread changes. `known`: subject → the text
 * of the user's current fact of it.
 */
export class EarlierFacts {
  private anchors: Anchor[] | undefined;

  constructor(
    private readonly known: ReadonlyMap<string, string>,
    private readonly language: string | undefined,
  ) {}

  private anchored(): Anchor[] {
    if (this.anchors) return this.anchors;
    this.anchors = [];
    for (const [subject, text] of this.known) {
      const kinds = KINDS[subject];
      if (!kinds) continue;
      this.anchors.push(new Anchor(subject, text, kinds, this.language));
    }
    return this.anchors;
  }

  /**
   * The subjects `statement` (a stated part of a user's sentence) changes, skipping those in
   * `found`: per clause said by the user (or naming nobody, with a word of change), the subjects
   * whose earlier fact it says again (a word's stem in common) or says changed (a word of change),
   * with another value of a kind that fact holds; the best anchored of them. The span is the clause's.
   */
  read(statement: string, found: ReadonlyMap<string, unknown>): ClauseStatement[] {
    const changes: ClauseStatement[] = [];
    const anchors = this.anchored().filter((anchor) => !found.has(anchor.subject));
    if (anchors.length === 0) return changes;
    // Most statements hold no value of any kind: no digit, count, month or word an earlier name came after.
    const lowercase = !CAPITAL.test(statement.trimStart());
    const valued = DIGIT.test(statement) || COUNTED_WORDS.test(statement) || MONTHS_ANYWHERE.test(statement);
    if (!valued && !anchors.some((anchor) => anchor.mayName(statement, lowercase))) return changes;
    const readers = signalReaders(this.language);
    for (const [start, end] of clauses(statement)) {
      const clause = statement.slice(start, end);
      const values = valued ? valuesOf(clause) : [];
      const candidates = anchors.flatMap((anchor) => {
        const other = otherValues(anchor, clause, values, lowercase);
        return other.length > 0 ? [{ anchor, other }] : [];
      });
      if (candidates.length === 0) continue;
      let speaker = false;
      let other = false;
      let change = false;
      for (const { person, change: changed } of readers) {
        const together = person.together.test(clause);
        other ||= (!together && (person.other.test(clause) || person.household.test(clause))) || person.condition.test(clause) || person.wish.test(clause);
        speaker ||= together || person.self.test(clause) || person.own.test(clause) || (person.subjectless?.test(clause) ?? false);
        change ||= changed().test(clause);
      }
      if (other || !(speaker || change)) continue;
      const stems = stemsOf(clause);
      let best = 0;
      let subjects: string[] = [];
      for (const { anchor, other } of candidates) {
        // "je commence à travailler lundi": a lowercase word after "à" is a place only with a word of change.
        if (!change && other.every((value) => value.lowercase)) continue;
        const shared = [...anchor.stems].filter((stem) => stems.has(stem)).length;
        // A word of change alone needs a value that says the subject: one of a kind no other
        // subject takes (an amount is the budget), or a name after the earlier one's word.
        const says = other.some((value) => value.kind === "name" || OWN_KINDS.has(value.kind));
        const score = shared * 2 + (change && says ? 1 : 0);
        if (score === 0 || score < best) continue;
        if (score > best) subjects = [];
        best = score;
        subjects.push(anchor.subject);
      }
      // Two subjects as well anchored: the clause does not say which one changed.
      if (subjects.length === 1) changes.push({ subject: subjects[0]!, start, end });
    }
    return changes;
  }
}
