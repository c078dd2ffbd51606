import { EMOJI } from "./rule.ts";
import { placeAtStart } from "./places.ts";
import type { Person, Signal } from "./signal.ts";
import { signalReaders } from "./signals/index.ts";

// The general stage: a subject's signal words (nouns, verbs, units; signal.ts, signals/) in a clause where the user
// speaks of themself, for the subjects no rule found in the message. Rules read one phrasing each; signals read the
// words any phrasing of the subject uses ("we just got a puppy", "doing South Korea instead"), so they find what the
// rules miss, at the cost of a clause as the fact's text.

/**
 * Clauses end at ", ", "; ", ": ", a dash, "but" (what follows "but" is often the change), a
 * German or French "and" before "I"/"we": "Je suis infirmière de nuit et je voudrais …" states the
 * first part, though the second is a wish; an "and" before "my"/"our" or "she"/"he" ("I'm allergic to peanuts and my husband is
 * vegetarian": his diet is not the user's); or an emoji between words ("84 kg ce matin 💪 j'ai
 * changé d'objectif …": the goal is another clause than the weight).
 */
const CLAUSE_END = new RegExp(
  String.raw`[,;:] | [–—-] | (?:but|aber|mais|pero|sino|doch) | (?:und|et) (?=(?:ich|wir|je|j['’]|nous|on)\b)| (?:and|y) (?=(?:i|i'm|i’m|i've|i’ve|we|we're|we’re|yo|soy|estoy|tengo)\b)| (?:and|und|et|y) (?=(?:my|our|mein\p{L}*|unser\p{L}*|mon|ma|mes|notre|nos|mi|mis|nuestr\p{L}*|he|she|they|er|il|elle|ils|elles|él|ella|ellos|ellas) \p{L})| ?${EMOJI} `,
  "giu",
);
const CAPITAL = /^\p{Lu}/u;
/** A clause that starts with a body weight is the speaker's, in any language: "84 kg ce matin", "78,5 kilo heute". */
const WEIGHED = /^\s*\d{2,3}(?:[.,]\d)? ?(?:kg|kilos?|lbs?)(?![\p{L}])/iu;
/** Capitalised words that are no place: months, days (and their short forms: "go in Thu/Fri"), pronouns, languages' first words. */
export const NOT_A_PLACE =
  /^(?:I|I'm|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|Januar|Februar|März|Juni|Juli|Oktober|Dezember|Ostern|Weihnachten|Hause|Rente|Teilzeit|Vollzeit|Janvier|Février|Mars|Avril|Mai|Juin|Juillet|Août|Noël|Pâques|Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Navidad|Semana|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Mo|Di|Mi|Do|Fr|Sa|So|Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche|Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo)$/u;

export interface ClauseStatement {
  subject: string;
  start: number;
  end: number;
}

/** An "and" before "I" that joins a subject with the user ("Jana und ich haben …", "Mein Freund und ich …"): no clause end. */
const JOINT_AND = /^ (?:und|et) $/iu;
/**
 * An English or Spanish "and" before "I" ends a clause about one of the user's people ("my son has a peanut allergy and
 * I'm vegetarian"), not one of the user's own ("Declan here, 68 years young and i've finally got …"), nor the two of
 * them as one subject ("My husband and I are vegetarian", "Mi novio y yo").
 */
const SPEAKER_AND = /^ (?:and|y) $/iu;
const SPEAKER_NEXT = /^(?:i|i'm|i’m|i've|i’ve|we|we're|we’re|yo|soy|estoy|tengo)(?![\p{L}'’])/iu;
const ABOUT_POSSESSED = /^\s*(?:my|our|mi|mis|nuestr[oa]s?) \p{L}+(?: \p{L}+){2}/iu;
const JOINED_SUBJECT = /^\s*(?:\p{Lu}\p{Ll}+|(?:[Mm]ein|[Mm]eine|[Uu]nser|[Uu]nsere|[Mm]on|[Mm]a|[Nn]otre) \p{L}+)$/u;

export function clauses(statement: string): [number, number][] {
  const spans: [number, number][] = [];
  let from = 0;
  for (const match of statement.matchAll(CLAUSE_END)) {
    const before = statement.slice(from, match.index);
    if (JOINT_AND.test(match[0]) && JOINED_SUBJECT.test(before)) continue;
    if (SPEAKER_AND.test(match[0]) && SPEAKER_NEXT.test(statement.slice(match.index + match[0].length)) && !ABOUT_POSSESSED.test(before)) continue;
    spans.push([from, match.index]);
    from = match.index + match[0].length;
  }
  spans.push([from, statement.length]);
  return spans;
}

/** What one person has of their own: a husband's job or diet is not the user's. */
const OWN_ONLY = new Set(["diet", "allergy", "health condition", "job", "work schedule", "age", "weight", "training goal", "running days per week", "daily steps", "language learning", "programming language", "shoe size", "clothing size", "name"]);

/**
 * Whether a find at `start` of `statement` is said of someone else: its clause starts with another
 * person before it ("My mum has diabetes", "Mi amigo vive en Madrid"), in a language of
 * `language` (every language's words when it is unknown). The rules read phrasings, not who says
 * them; this is the general stage's check, for their finds.
 */
export function aboutSomeoneElse(statement: string, start: number, language: string | undefined, subject: string): boolean {
  const span = clauses(statement).find(([, end]) => start < end);
  if (!span) return false;
  const clause = statement.slice(span[0], span[1]);
  // The person named may be what is stated: "Mein Freund Jonas zieht mit ein" (a partner); one of the household is
  // someone else for what only a person has ("mon fils veut devenir végétarien"), not for what a household shares.
  return signalReaders(language).some(({ person }) => {
    const other = person.other.exec(clause) ?? (OWN_ONLY.has(subject) ? person.household.exec(clause) : null);
    return other !== null && span[0] + other.index + other[0].length <= start && !person.together.test(clause);
  });
}

/**
 * A place the pattern names in `clause`: a capitalised group `name` that is no month or pronoun, or one in lowercase that
 * starts with a known place ("finally settled in denver"); or a match of an alternative without the group ("linux" of
 * "linux|(?<name>windows)"), which says the subject as it is.
 */
function namesPlace(pattern: RegExp, clause: string): boolean {
  pattern.lastIndex = 0;
  for (const match of clause.matchAll(pattern)) {
    const name = match.groups?.name;
    if (name === undefined) return true;
    const first = name.split(" ")[0]!;
    if (CAPITAL.test(first) ? !NOT_A_PLACE.test(first) : placeAtStart(name) !== "") return true;
  }
  return false;
}

/** Whether some part of `text` may say `found`: false rules it out without running its patterns. */
function mayHold(found: Signal, text: string): boolean {
  return found.quick.test(text) && (!found.quickWith || found.quickWith.test(text));
}

function says(found: Signal, clause: string): boolean {
  if (!found.quick.test(clause)) return false;
  const hit = found.pattern.flags.includes("g") ? namesPlace(found.pattern, clause) : found.pattern.test(clause);
  return hit && (!found.with || found.with.test(clause)) && !found.unless?.test(clause);
}

/** What a question may presuppose the user has: "How do I get my cat Biscuit used to a new place?" has a cat. */
const PRESUPPOSED = new Set(["pet", "partner", "children", "car", "phone", "laptop", "allergy", "health condition"]);
/** The two words after a possessive: what it says is the user's ("my cat Biscuit", "meinen Epipen im"). */
const POSSESSED = /^(?:\s+[\p{L}\p{N}'’-]+){1,2}/u;
/** What the user had: "my ex-husband", "mi antiguo coche". */
const FORMER = /\b(?:ex|former|late|old|ehemalig\p{L}*|alt\p{L}*|ancien\p{L}*|antigu\p{L}*|viej\p{L}*)(?![\p{L}])/iu;
const possessives = new WeakMap<Person, RegExp>();

/**
 * The subjects a question (or the question after a statement) presupposes the user has: a possessive and the two words
 * after it that hold a signal of something had ("my inhaler", "mi esposo", "meinen Epipen"). The rest of a question
 * asks and states nothing ("Should I get a cat?").
 */
export function presupposed(question: string, language: string | undefined, known: { has(subject: string): boolean }, onTopic: (topic: RegExp, subject: string) => boolean): ClauseStatement[] {
  const found: ClauseStatement[] = [];
  for (const { signals, person } of signalReaders(language)) {
    let possessive = possessives.get(person);
    if (!possessive) possessives.set(person, (possessive = new RegExp(person.own.source, "giu")));
    const phrases: { start: number; end: number; phrase: string }[] = [];
    for (const match of question.matchAll(possessive)) {
      const from = match.index + match[0].length;
      const words = POSSESSED.exec(question.slice(from));
      if (!words) continue;
      const end = from + words[0].length;
      const phrase = question.slice(match.index, end);
      if (!FORMER.test(phrase)) phrases.push({ start: match.index, end, phrase });
    }
    if (phrases.length === 0) continue;
    // The signals are tried on the phrases only: most questions name nothing of the user's, and the rest little.
    const possessed = phrases.map(({ phrase }) => phrase).join(" | ");
    const candidates = signals.filter((candidate) => PRESUPPOSED.has(candidate.subject) && !known.has(candidate.subject) && mayHold(candidate, possessed));
    for (const { start, end, phrase } of phrases) {
      for (const candidate of candidates) {
        if (found.some((statement) => statement.subject === candidate.subject)) continue;
        if (candidate.topic && !onTopic(candidate.topic, candidate.subject)) continue;
        if (says(candidate, phrase)) found.push({ subject: candidate.subject, start, end });
      }
    }
  }
  return found;
}

/**
 * The subjects the signals read in `statement` (a stated part of a user's sentence), skipping
 * `known` ones: per clause, a subject whose signal it holds where the user speaks of themself
 * ("I", "we", a first-person verb; "my"/"our" for what they have), not another person ("My
 * sister is allergic …") and not a condition. The span is the clause's.
 */
export function generalStatements(statement: string, language: string | undefined, known: ReadonlyMap<string, unknown>, onTopic: (topic: RegExp, subject: string) => boolean): ClauseStatement[] {
  const found: ClauseStatement[] = [];
  // Per language, the signals that may hold in a clause of the statement: most statements hold
  // none, and a language with none has no clause read.
  const readers = signalReaders(language)
    .map(({ signals, person }) => ({ person, plans: signals.some((candidate) => candidate.plan), signals: signals.filter((candidate) => !known.has(candidate.subject) && mayHold(candidate, statement)) }))
    .filter(({ signals }) => signals.length > 0);
  if (readers.length === 0) return found;
  // The speaker of the clause before, per reader: a clause naming nobody goes on with it ("I'm a
  // waiter in Málaga, split shifts", "Ya estamos en Bilbao, en un piso en Deusto").
  const before = readers.map(() => ({ self: false, own: false }));
  for (const [start, end] of clauses(statement)) {
    const whole = statement.slice(start, end);
    for (const [index, { signals, person, plans }] of readers.entries()) {
      // What a clause says before its condition is stated: "(i do QA testing at a logistics company so i figured it would help)".
      const conditionAt = person.condition.exec(whole);
      const clause = conditionAt ? whole.slice(0, conditionAt.index) : whole;
      const condition = conditionAt !== null && clause.trim() === "";
      const together = person.together.test(clause);
      let self = together || person.self.test(clause) || (person.subjectless?.test(clause) ?? false) || WEIGHED.test(clause);
      let own = person.own.test(clause);
      const other = !together && person.other.test(clause);
      const household = !together && (other || person.household.test(clause));
      const ending = person.ending.test(clause);
      if (!self && !own && !household && !condition) ({ self, own } = before[index]!);
      before[index] = conditionAt !== null || other ? { self: false, own: false } : { self, own };
      if ((!self && !own && !plans && !ending) || condition) continue;
      // Something the user has is said only before a wish: "Unsere Zwillinge wollen eine Katze" has
      // children, no cat. Plans, goals and limits are often wishes: "quiero correr una maratón".
      const wish = person.wish.exec(clause);
      const had = wish ? clause.slice(0, wish.index) : clause;
      for (const candidate of signals) {
        if (found.some((statement) => statement.subject === candidate.subject && statement.start === start)) continue;
        // What only a person has is not the user's when one of the household says it: "die Kleine hat jetzt Schuhgröße 26".
        const speaker = candidate.owned ? (self || own || ending) && !(OWN_ONLY.has(candidate.subject) ? household : other) : (candidate.plan || self || own) && !household;
        if (!speaker) continue;
        if (candidate.topic && !onTopic(candidate.topic, candidate.subject)) continue;
        if (says(candidate, candidate.owned ? had : clause)) found.push({ subject: candidate.subject, start, end });
      }
    }
  }
  return found;
}

