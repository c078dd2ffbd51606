import type { Statement } from "../memory/facts/statements.ts";
import { announcedChange, STOPWORDS, type Change } from "./lexicon.ts";
import { isQuestion, splitClauses } from "./sentences.ts";

/**
 * What ties a sentence to the facts it states: its content words (cut to a crude 5-letter stem),
 * its values (numbers, identifiers, capitalised names, weekdays) and its slots, a value's kind
 * read from the word around the number ("15 seats" fills `#seats`, "$1,200" fills `$#`,
 * "US 11" fills `us#`, "8 pm" fills `#time`, "12 seconds" and "3 ms" fill `#duration`,
 * "Friday" and "土曜日" fill `weekday`).
 */
export interface FactKeys {
  stems: Set<string>;
  values: Set<string>;
  /** Slot → the values that fill it. */
  slots: Map<string, Set<string>>;
}

const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}'’-]|[.,](?=\p{N}))*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_WEEKDAY = /[月火水木金土日]曜日|星期[一二三四五六日天]|周[一二三四五六日]/gu;
const DIGIT = /\p{Nd}/u;
const WEEKDAYS = new Set(
  (
    "monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi vendredi samedi dimanche " +
    "montag dienstag mittwoch donnerstag freitag samstag sonntag lunes martes miércoles jueves viernes sábado domingo " +
    "lunedì martedì mercoledì giovedì venerdì sabato domenica segunda-feira terça-feira quarta-feira quinta-feira sexta-feira"
  ).split(" "),
);
const TIME_UNITS = new Set(["am", "pm", "h", "uhr", "heures", "o'clock"]);
const DURATION_UNITS = new Set(["ms", "milliseconds", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "hours", "hrs", "minuten", "sekunden", "stunden", "minutos", "segundos", "horas"]);
const STREET = new Set(["street", "st", "avenue", "ave", "road", "rd", "lane", "drive", "way", "boulevard", "blvd", "place", "rue", "calle", "avenida", "rua", "via", "straße", "strasse"]);
/** Short words that sit next to numbers without saying what they count. */
const FILLER = new Set(["a", "an", "the", "of", "at", "to", "in", "on", "for", "by", "is", "was", "and", "or", "from", "de", "du", "à", "le", "la", "el", "en", "y", "e", "um", "am", "um", "im", "di", "da", "per", "con", "com"]);

const stem = (word: string) => (word.length > 5 ? word.slice(0, 5) : word);

function addSlot(slots: FactKeys["slots"], slot: string, value: string) {
  const values = slots.get(slot) ?? new Set<string>();
  values.add(value);
  slots.set(slot, values);
}

/** Character classes of a token's first character, with a fast path for ASCII. */
const startsWithDigit = (token: string) => {
  const code = token.charCodeAt(0);
  return code < 128 ? code >= 48 && code <= 57 : /^\p{Nd}/u.test(token);
};
const startsUpperCase = (token: string) => {
  const code = token.charCodeAt(0);
  return code < 128 ? code >= 65 && code <= 90 : /^\p{Lu}/u.test(token);
};
const isCjk = (token: string) => token.charCodeAt(0) >= 0x2e80 && CJK.test(token);

export function factKeys(sentence: string): FactKeys {
  const keys: FactKeys = { stems: new Set(), values: new Set(), slots: new Map() };
  const matches = [...sentence.matchAll(TOKEN)];
  const lower = matches.map((match) => match[0].toLowerCase());
  for (let index = 0; index < matches.length; index++) {
    const token = matches[index]![0];
    const word = lower[index]!;
    const numeric = startsWithDigit(token);
    const hasDigit = numeric || DIGIT.test(token);
    if (isCjk(token)) {
      for (let i = 0; i + 1 < token.length; i++) keys.stems.add(token.slice(i, i + 2));
    } else if (!hasDigit && word.length >= 3 && !STOPWORDS.has(word)) keys.stems.add(stem(word));
    if (hasDigit || (index > 0 && startsUpperCase(token))) keys.values.add(word);
    if (numeric) addSlots(keys.slots, sentence[matches[index]!.index - 1], lower, index);
    else if (WEEKDAYS.has(word)) addSlot(keys.slots, "weekday", word);
  }
  for (const weekday of sentence.match(CJK_WEEKDAY) ?? []) {
    keys.values.add(weekday);
    addSlot(keys.slots, "weekday", weekday);
  }
  return keys;
}

/** The slots the number `lower[index]` fills, read from the character before it and the words around it. */
function addSlots(slots: FactKeys["slots"], before: string | undefined, lower: string[], index: number) {
  const word = lower[index]!;
  const next = lower[index + 1];
  const previous = lower[index - 1];
  if (before && "$€£¥₹".includes(before)) addSlot(slots, `${before}#`, word);
  if (next && (STREET.has(next) || STREET.has(lower[index + 2] ?? ""))) addSlot(slots, "address", word);
  else if (next && TIME_UNITS.has(next)) addSlot(slots, "#time", word);
  else if (next && DURATION_UNITS.has(next)) addSlot(slots, "#duration", `${word} ${next}`);
  else if (next && !startsWithDigit(next) && !FILLER.has(next) && next.length <= 10) addSlot(slots, `#${stem(next)}`, word);
  if (previous && !startsWithDigit(previous) && !FILLER.has(previous) && previous.length <= 8) addSlot(slots, `${stem(previous)}#`, word);
}

function shares<T>(a: Set<T>, b: Set<T>, accept: (item: T) => boolean = () => true): boolean {
  for (const item of a) if (b.has(item) && accept(item)) return true;
  return false;
}

/** A value worth matching between sentences: not a lone short number ("3", "12") that turns up everywhere. */
const distinctive = (value: string) => !/^\p{Nd}{1,2}$/u.test(value);

/**
 * Whether `later` replaces what `earlier` (a statement, or a question when `asked`) says:
 * - a slot of both (`#seats`, `$#`, `#time`) holds in `earlier` a value that `later` does not
 *   have, and the change is announced clearly ("actually", "instead"; any announcement for an
 *   address), or `earlier` states it and they share a content word besides the slot's own
 *   ("budget" for `$#`): "our budget is $1,200", then "we can stretch the budget to $1,500";
 * - or the change is announced and they share a distinctive value ("Redux", "Friday", "Go 1.21").
 */
function replaces(later: FactKeys, change: Change, earlier: FactKeys, asked: boolean): boolean {
  for (const [slot, values] of earlier.slots) {
    const laterValues = later.slots.get(slot);
    if (!laterValues || [...values].every((value) => laterValues.has(value))) continue;
    if (change === "strong" || (change !== null && slot === "address")) return true;
    const naming = slot.replace("#", "");
    if (!asked && shares(later.stems, earlier.stems, (stem) => stem !== naming)) return true;
  }
  return change !== null && shares(later.values, earlier.values, distinctive);
}

const NEGATED = /(?<![\p{L}])(?:not|instead of|rather than|au lieu de|pas|statt|anstatt|nicht|en vez de|en lugar de|invece di|em vez de)(?: the| le| la| les| el| der| die| das| o| a)? ([\p{L}\p{N}][\p{L}\p{N}.,'’-]*)/giu;

/** The values a sentence says no longer hold: "not 3" gives "3", "instead of the Marina" gives "marina". */
function negatedValues(sentence: string): string[] {
  return [...sentence.matchAll(NEGATED)].map((match) => match[1]!.replace(/[.,]+$/, "").toLocaleLowerCase());
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/**
 * At most this many of the latest sentences that share a slot or a value are compared with an
 * earlier one, so that a thread where every sentence fills the same slot ("Question 1: …",
 * "Question 2: …") costs time linear in its length.
 */
const MAX_COMPARED = 8;

/** The latest (at most MAX_COMPARED) sentences of `list`, in the order they were added, that come after `order`. */
function* latest(list: Later[] | undefined, order: number): Generator<Later> {
  if (!list) return;
  for (let index = list.length - 1; index >= 0 && index >= list.length - MAX_COMPARED && list[index]!.order > order; index--) yield list[index]!;
}

interface Later {
  order: number;
  keys: FactKeys;
  change: Change;
  /** The subjects its statements are about (src/memory/facts): when both sentences have some, they decide. */
  subjects: Set<string>;
}

/** A short word left dangling before a value that is cut out: "on" of "on May 3". */
const BEFORE_VALUE = /(?:^|\s)(?:on|in|at|from|to|the|am|im|ab|vom|le|du|au|en|el|del|de)\s*$/iu;

/** `text` without the spans of `gone` (offsets in `text`), nor the little word before each. */
function without(text: string, gone: Statement[]): string {
  let out = "";
  let from = 0;
  for (const { start, end } of [...gone].sort((a, b) => a.start - b.start)) {
    out += text.slice(from, start).replace(BEFORE_VALUE, "");
    from = end;
  }
  return (out + text.slice(from)).replace(/\s+([,.;!?])/gu, "$1").replace(/\s{2,}/gu, " ").trim();
}

/**
 * The user's sentences, indexed by the slots and values they fill, to find the later ones that
 * replace an earlier clause without comparing every sentence with every other.
 */
export class ChangeIndex {
  private readonly bySlot = new Map<string, Later[]>();
  private readonly byValue = new Map<string, Later[]>();
  /** What a sentence says is no longer so: "4 people, not 3", "instead of the Marina Bay Sands". */
  private readonly byNegated = new Map<string, Later[]>();
  /** Subject → the values the user's sentences stated for it, in order. */
  private readonly bySubject = new Map<string, { order: number; value: string }[]>();

  add(order: number, text: string, keys: FactKeys, statements: readonly Statement[] = []): void {
    const later: Later = { order, keys, change: announcedChange(text), subjects: new Set(statements.map((statement) => statement.subject)) };
    for (const { subject, value } of statements) listIn(this.bySubject, subject).push({ order, value });
    for (const slot of keys.slots.keys()) listIn(this.bySlot, slot).push(later);
    if (later.change === null) return;
    for (const value of keys.values) if (distinctive(value)) listIn(this.byValue, value).push(later);
    for (const value of negatedValues(text)) listIn(this.byNegated, value).push(later);
  }

  /** Whether the latest later statement of the subject says something else. */
  private changed(order: number, { subject, value }: Statement): boolean {
    const latestStatement = this.bySubject.get(subject)?.at(-1);
    return latestStatement !== undefined && latestStatement.order > order && latestStatement.value !== value;
  }

  /**
   * Whether a later sentence replaces what `clause` says, as far as the words tell: not between
   * two sentences whose subjects are known (`changed` decides for those: "I switched to day shifts"
   * is not replaced by "I can do four days a week now instead of three").
   */
  private replaced(order: number, clause: FactKeys, asked: boolean, subjects: ReadonlySet<string>): boolean {
    const candidates = new Set<Later>();
    for (const slot of clause.slots.keys()) for (const later of latest(this.bySlot.get(slot), order)) candidates.add(later);
    for (const value of clause.values) for (const later of latest(this.byValue.get(value), order)) candidates.add(later);
    for (const later of candidates) if ((subjects.size === 0 || later.subjects.size === 0) && replaces(later.keys, later.change, clause, asked)) return true;
    for (const value of clause.values) if ((this.byNegated.get(value)?.at(-1)?.order ?? -1) > order) return true;
    return false;
  }

  /**
   * The sentence at `order` as it stands now: cut before the first clause that a later sentence
   * replaces ("" when that is the first one). "I live in Köln and I'm free on Wednesday", then
   * "Wednesday doesn't work after all", keeps "I live in Köln"; what followed the replaced
   * clause is dropped with it rather than left as a fragment. A clause whose subject a later
   * sentence states otherwise loses only that value when it states other subjects too: "I'm
   * flying from Lisbon with my husband Tomás on May 3", then "on May 10 now", keeps "I'm flying
   * from Lisbon with my husband Tomás".
   */
  current(order: number, sentence: string, keys: FactKeys, statements: readonly Statement[] = []): string {
    const asked = isQuestion(sentence);
    const changed = statements.filter((statement) => this.changed(order, statement));
    const subjects = new Set(statements.map((statement) => statement.subject));
    if (changed.length === 0 && !this.replaced(order, keys, asked, subjects)) return sentence;
    const parts = splitClauses(sentence);
    let kept = "";
    for (let index = 0, start = 0; index < parts.length; start += parts[index]!.length + (parts[index + 1]?.length ?? 0), index += 2) {
      const clause = parts[index]!;
      const inClause = statements.filter((statement) => statement.start >= start && statement.end <= start + clause.length);
      if (this.replaced(order, factKeys(clause), asked, new Set(inClause.map((statement) => statement.subject)))) break;
      const gone = inClause.filter((statement) => changed.includes(statement));
      if (gone.length > 0 && gone.length === inClause.length) break;
      const shifted = gone.map((statement) => ({ ...statement, start: statement.start - start, end: statement.end - start }));
      kept += (index > 0 ? parts[index - 1]! : "") + (gone.length > 0 ? without(clause, shifted) : clause);
    }
    return kept.trim();
  }
}
