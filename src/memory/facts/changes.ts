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
}

const UNITS: [string, string][] = [
  ["days", String.raw`x|mal|times|fois|veces|days?|tage?n?|jours?|d[ií]as?`],
  ["weight", String.raw`kg|kilos?|lbs?`],
  ["distance", String.raw`km|miles?`],
  ["steps", String.raw`steps|schritte|pas|pasos`],
  ["hours", String.raw`h|hours?|std|stunden|heures?|horas?`],
  ["years", String.raw`years?|yo|jahre?n?|ans?|años?`],
];
const COUNTED = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(\d{1,3}(?:[.,]\d{3})?(?:[.,]\d{1,2})?) ?(?:(${UNITS.map(([, unit]) => unit).join(")|(")}))(?![\p{L}\p{N}])`,
  "giu",
);
const MONEY_VALUE = new RegExp(MONEY, "giu");
const MONTHS = new RegExp(String.raw`(?<![\p{L}])(?:${[EN_MONTH, DE_MONTH, FR_MONTH, ES_MONTH].map((month) => month.replace(/\\b$/u, "")).join("|")})(?![\p{L}])`, "giu");
/** A language level (A1 … C2, the JLPT's N5 … N1) and a capitalised word, case kept. */
const LEVEL = /(?<![\p{L}\p{N}])(?:[ABC][12]|N[1-5])(?![\p{L}\p{N}])/gu;
const CAPITALISED = /(?<=[^\p{L}\p{N}.!?¡¿] ?)\p{Lu}[\p{L}'’-]{2,24}/gu;
const CAPITAL = /^\p{Lu}/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

const digits = (text: string) => text.replace(/[^\p{N}]/gu, "");

/** The values of `text`, by kind: a capitalised word is a name only in a language that does not capitalise its nouns. */
function valuesOf(text: string, names: boolean): Value[] {
  const found: Value[] = [];
  for (const match of text.matchAll(MONEY_VALUE)) found.push({ kind: "money", value: digits(match[0]) });
  for (const match of text.matchAll(COUNTED)) {
    const unit = match.slice(2).findIndex((group) => group !== undefined);
    found.push({ kind: UNITS[unit]![0], value: match[1]!.replace(",", ".") });
  }
  for (const match of text.matchAll(MONTHS)) found.push({ kind: "month", value: match[0].toLocaleLowerCase().slice(0, 3) });
  for (const match of text.matchAll(LEVEL)) found.push({ kind: "level", value: match[0] });
  if (names) for (const match of text.matchAll(CAPITALISED)) if (!NOT_A_PLACE.test(match[0])) found.push({ kind: "name", value: match[0].toLocaleLowerCase() });
  return found;
}

/** Words of four letters or more that say nothing of a subject: pronouns, auxiliaries, conjunctions, fillers. */
const FUNCTION_WORDS = new Set(
  (
    "about also been before could does doing from have having here into just like maybe more much only really some still that than their them then there these they this very want well were what when which while will with would your yours " +
    "aber alle also auch bald bevor dann dass denn diese dieser doch eine einen einem einer etwa habe haben hatte immer jetzt kann mehr mein meine meinen meiner nach nicht noch oder schon sehr sein seit sind über unser unsere viel weil wenn wird wieder " +
    "aussi avant avec bien cette comme dans depuis donc elle elles être fait faire leur mais même moins nous notre peut plus pour quand quel quelle sans sont suis tous tout très vous " +
    "ahora algo antes aquí bien como con cuando desde esta este esto estoy hace hacer mucho muy nada para pero poco porque pues sobre solo también tengo tiene todo todos una unos yo"
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

/** What the user's earlier fact of `subject` says, as the anchor of a later change. */
interface Anchor {
  subject: string;
  kinds: readonly string[];
  values: Value[];
  stems: Set<string>;
  /**
   * A name is the subject's value only after the word that came before its value in the earlier
   * fact ("nach" of "nach Wien", "from" of "from Lisbon"): a later word there is another value of it.
   */
  before: RegExp | undefined;
}

/** A short word just before a name ("nach" of "nach Wien", "à" of "à Paris"). */
const BEFORE_NAME = /(?<![\p{L}])(\p{Ll}{1,5}) $/u;
const ARTICLE = String.raw`(?<article>(?:the|der|die|das|den|dem|le|la|les|l['’]|el|los|las) ?)?`;

function anchorOf(subject: string, text: string, kinds: readonly string[], value: { start: number } | undefined, names: boolean): Anchor {
  const values = valuesOf(text, names);
  const word = value ? BEFORE_NAME.exec(text.slice(Math.max(0, value.start - 7), value.start))?.[1] : undefined;
  const before = word ? new RegExp(String.raw`(?<![\p{L}])${word} ${ARTICLE}(?<name>\p{L}[\p{L}'’-]{2,24})`, "giu") : undefined;
  return { subject, kinds, values, stems: stemsOf(text), before };
}

/**
 * The values of `clause` of a kind the anchor's subject takes, none of them the earlier fact's own.
 * A name after the anchor's word may be in lowercase when the writer does not capitalise
 * (`lowercase`: their sentence starts in lowercase, "wir fahren stattdessen nach budapest").
 */
function otherValues(anchor: Anchor, clause: string, values: readonly Value[], lowercase: boolean): Value[] {
  const other = values.filter((value) => value.kind !== "name" && anchor.kinds.includes(value.kind) && !anchor.values.some((old) => old.kind === value.kind && old.value === value.value));
  if (anchor.before) {
    anchor.before.lastIndex = 0;
    for (const match of clause.matchAll(anchor.before)) {
      const name = match.groups!.name!;
      const value = name.toLocaleLowerCase();
      // A lowercase word after an article is a thing ("en el backend"), not a place.
      if ((CAPITAL.test(name) || (lowercase && !match.groups!.article)) && !FUNCTION_WORDS.has(value) && !NOT_A_PLACE.test(name) && !anchor.values.some((old) => old.value === value)) other.push({ kind: "name", value });
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
    const names = this.language === undefined || !this.language.startsWith("de");
    this.anchors = [];
    for (const [subject, text] of this.known) {
      const kinds = KINDS[subject];
      if (!kinds) continue;
      // Where the rules read the subject's value in the earlier fact, if they do.
      const value = kinds.includes("name") ? new StatementReader([{ role: "user", content: text, ...(this.language ? { language: this.language } : {}) }]).read(text, 0).find((read) => read.subject === subject) : undefined;
      this.anchors.push(anchorOf(subject, text, kinds, value, names));
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
    if (this.known.size === 0) return [];
    const changes: ClauseStatement[] = [];
    const names = this.language === undefined || !this.language.startsWith("de");
    const readers = signalReaders(this.language);
    const lowercase = !CAPITAL.test(statement.trimStart());
    for (const [start, end] of clauses(statement)) {
      const clause = statement.slice(start, end);
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
      const values = valuesOf(clause, names);
      const stems = stemsOf(clause);
      let best = 0;
      let subjects: string[] = [];
      for (const anchor of this.anchored()) {
        if (found.has(anchor.subject) || otherValues(anchor, clause, values, lowercase).length === 0) continue;
        const shared = [...anchor.stems].filter((stem) => stems.has(stem)).length;
        const score = shared * 2 + (change ? 1 : 0);
        if (score === 0 || score < best) continue;
        if (score > best) subjects = [];
        best = score;
        subjects.push(anchor.subject);
      }
      for (const subject of subjects) changes.push({ subject, start, end });
    }
    return changes;
  }
}
