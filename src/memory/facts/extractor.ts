import { withoutGreeting } from "../../summarizer/lexicon.ts";
import { splitSentences } from "../../summarizer/sentences.ts";
import { clip, plainText } from "../../summarizer/text.ts";
import { askedSubject, isShortAnswer } from "./answers.ts";
import { CHANGED_SUBJECTS, EarlierFacts } from "./changes.ts";
import { aboutSomeoneElse, generalStatements, presupposed } from "./general.ts";
import { rulesFor } from "./rules/index.ts";
import { signalReaders } from "./signals/index.ts";
import { StatementReader, askedPart, statedPart } from "./statements.ts";

export interface FactMessage {
  id: number;
  role: string;
  content: string;
  createdAt: Date;
  language?: string;
}

/** A fact a user stated: `subject` is a short English key shared by every language, `text` their words. */
export interface ExtractedFact {
  subject: string;
  text: string;
  messageId: number;
}

export interface FactExtractor {
  /**
   * The facts of `messages` (of one thread, in order); an extractor that can fail (an LLM) throws.
   * `known`: the user's current facts, subject → text (a later thread goes on with them, and may change them).
   */
  extract(messages: readonly FactMessage[], signal?: AbortSignal, known?: ReadonlyMap<string, string>): Promise<ExtractedFact[]>;
}

export const MAX_FACT_TEXT = 300;

/**
 * The subjects whose current facts `extract` reads (`known`): those read only where their topic is (running days, a
 * trip's destination, …: the user having one is a topic of each later thread), and those whose later values
 * `EarlierFacts` reads as changes.
 */
export const KNOWN_SUBJECTS: readonly string[] = [
  ...new Set([
    ...[...rulesFor(undefined), ...signalReaders(undefined).flatMap((reader) => reader.signals)].flatMap((read) => (read.topic ? [read.subject] : [])),
    ...CHANGED_SUBJECTS,
  ]),
];
/** Characters and sentences read per message: facts are stated in a few sentences, not in pasted documents. */
const MAX_MESSAGE_CHARS = 2000;
const MAX_SENTENCES = 40;

/**
 * Where a clause ends: ", " and "; ", and an "and" before the speaker says something new ("I live in Manchester and I work
 * as a nurse"): a fact's text is its own clause, so that a later move does not leave the old city in the job's text.
 * "My boyfriend and I are", "Mi novio y yo vivimos" join two people in one subject: no break.
 */
const CLAUSE_BREAK =
  /[,;] | (?:and|but|und|aber|et|mais|y|pero) (?!i (?:are|were)\b|ich \p{L}+en\b|yo \p{L}+mos\b)(?=j['’]|(?:i|i'm|i’m|i've|i’ve|we|we're|we’re|my|our|ich|wir|bin|wohne|arbeite|habe|hab|mein\p{L}*|unser\p{L}*|je|nous|mon|ma|mes|notre|nos|soy|estoy|tengo|vivo|trabajo|mi|mis|yo|estamos|somos|vivimos|trabajamos|tenemos)(?![\p{L}]))/giu;
/** A conjunction that only tied the clause to the one before: "and" of "…, and we need a hotel in Rome". */
const TIE = /^(?:and|so|but|und|aber|also|et|mais|donc|y|pero|así que)\s+/iu;
/** A clause shorter than this says too little alone: the sentence is kept. */
const MIN_CLAUSE = 15;
/** A clause that a conjunction parts from the speaker's next statement is a statement of its own however short ("I'm 34"): two words do. */
const MIN_STATEMENT_WORDS = 2;

/**
 * The clauses of `sentence` (cut after ", " and "; ") that hold [start, end): "I switched to day
 * shifts last week" of "I switched to day shifts last week, so I can run in the mornings now";
 * "We need a hotel in Rome" of "I'm flying on May 3, and we need a hotel in Rome".
 */
function clauseOf(sentence: string, start: number, end: number): string {
  let from = 0;
  let to = sentence.length;
  /** Whether the clause starts a statement of the speaker's: the sentence's start, or a conjunction before one. */
  let startsStatement = true;
  let endsStatement = false;
  for (const match of sentence.matchAll(CLAUSE_BREAK)) {
    const conjunction = !match[0].startsWith(",") && !match[0].startsWith(";");
    if (match.index < start) {
      from = match.index + match[0].length;
      startsStatement = conjunction;
    } else if (match.index >= end) {
      to = match.index;
      endsStatement = conjunction;
      break;
    }
  }
  const clause = sentence.slice(from, to).trim();
  const untied = from === 0 ? clause : clause.replace(TIE, "");
  // "I'm vegetarian" of "my son has a peanut allergy and I'm vegetarian, so …"; "I'm 34" of "I'm 34 and I work as a nurse".
  const statement = from > 0 ? startsStatement : endsStatement;
  const enough = statement ? untied.split(/\s+/u).length >= MIN_STATEMENT_WORDS : untied.length >= MIN_CLAUSE;
  if (!enough) return sentence;
  return from === 0 ? clause : untied.charAt(0).toLocaleUpperCase() + untied.slice(1);
}

/** Words in quotation marks, three or more: what someone else said ("My boss said "I live in Paris""), not the user's statement. */
const QUOTED = /"[^"]{1,200}"|“[^”]{1,200}”|„[^“”]{1,200}[“”]|«[^»]{1,200}»/gu;

/** `statement` with the quoted speech in it blanked (same length, so that positions still match the statement). */
function withoutQuotes(statement: string): string {
  return statement.replace(QUOTED, (quote) => (quote.trim().split(/\s+/u).length >= 3 ? " ".repeat(quote.length) : quote));
}

/**
 * The facts the user's messages state, in message order: at most one per subject and message
 * (its last statement of it), the text being the clause that states it (within what a question
 * states before it asks). Assistant messages, questions, greetings and thanks state none.
 */
export function extractFacts(messages: readonly FactMessage[], known: ReadonlyMap<string, string> = new Map()): ExtractedFact[] {
  const reader = new StatementReader(messages, known);
  const earlier = new Map<string | undefined, EarlierFacts>();
  const facts: ExtractedFact[] = [];
  /** The user's current fact of each subject: `known`, then the facts of these messages; and what it says, as the rules read it. */
  const latest = new Map(known);
  const values = new Map<string, string | undefined>();
  const currentValue = (subject: string, index: number) => {
    if (!values.has(subject)) {
      const text = latest.get(subject);
      values.set(subject, text === undefined ? undefined : reader.read(text, index, subject)[0]?.value);
    }
    return values.get(subject);
  };
  // A question presupposes only what is not said already: "how do I prepare my son?" after "our daughter was born" is no news of the children.
  const said = new Set(known.keys());
  messages.forEach((message, index) => {
    if (message.role !== "user") return;
    const bySubject = new Map<string, string>();
    const bySignal = new Map<string, string>();
    /** Subjects whose current value a statement says again ("still"): no other stage makes a fact of them. */
    const restated = new Set<string>();
    const stated: string[] = [];
    const questions: string[] = [];
    for (const sentence of splitSentences(plainText(message.content.slice(0, MAX_MESSAGE_CHARS), false)).slice(0, MAX_SENTENCES)) {
      const greeted = withoutGreeting(sentence);
      const statement = statedPart(greeted) || askedPart(greeted);
      if (statement !== "") stated.push(statement);
      // What a question says of the user's things, where it states nothing else: "How do I get my cat used to …?"
      const asked = statement === "" ? greeted : greeted.startsWith(statement) ? greeted.slice(statement.length) : "";
      if (asked.trim() !== "") questions.push(withoutQuotes(asked));
    }
    const language = reader.languageOf(index);
    const readable = stated.map(withoutQuotes);
    stated.forEach((statement, at) => {
      for (const { subject, value, start, end } of reader.read(readable[at]!, index)) {
        if (aboutSomeoneElse(readable[at]!, start, language, subject)) continue;
        const clause = clauseOf(statement, start, end);
        if (restates(clause, value, currentValue(subject, index))) {
          restated.add(subject);
          continue;
        }
        bySubject.delete(subject);
        bySubject.set(subject, clause);
      }
    });
    // The general stage, for the subjects no rule found in the message.
    const onTopic = (topic: RegExp, subject: string) => reader.onTopic(topic, subject);
    for (const [at, statement] of stated.entries()) {
      for (const { subject, start, end } of generalStatements(readable[at]!, language, bySubject, onTopic)) {
        bySignal.delete(subject);
        bySignal.set(subject, clauseOf(statement, start, end));
      }
    }
    const stating = { has: (subject: string) => said.has(subject) || bySubject.has(subject) || bySignal.has(subject) };
    for (const question of questions) {
      for (const { subject, start, end } of presupposed(question, language, stating, onTopic)) bySignal.set(subject, clauseOf(question, start, end));
    }
    // The user's earlier facts, for the subjects neither found: a clause that says one of them again with another value.
    const changes = earlier.get(language) ?? new EarlierFacts(known, language);
    earlier.set(language, changes);
    const found = new Map([...bySubject, ...bySignal]);
    for (const [at, statement] of stated.entries()) {
      for (const { subject, start, end } of changes.read(readable[at]!, found)) {
        bySignal.delete(subject);
        bySignal.set(subject, clauseOf(statement, start, end));
      }
    }
    // A short reply to the assistant's question states what it asked: "Where are you flying from?" → "Porto."
    const previous = messages[index - 1];
    const asked = previous && previous.role !== "user" && stated[0] && isShortAnswer(stated[0]) ? askedSubject(previous.content, language) : undefined;
    if (asked && !bySubject.has(asked) && !bySignal.has(asked)) bySignal.set(asked, stated[0]!);
    for (const subject of restated) if (!bySubject.has(subject)) bySignal.delete(subject);
    for (const [subject, text] of [...bySubject, ...bySignal]) {
      if (mentionsKnownChildren(subject, message.content, latest)) continue;
      facts.push({ subject, text: clip(text, MAX_FACT_TEXT), messageId: message.id });
      said.add(subject);
      latest.set(subject, text);
      values.delete(subject);
    }
  });
  return facts;
}

/** "Still", in the languages of the rules: what it says of a fact is what the user said before. */
const STILL = /\b(?:still|as always|immer noch|noch immer|weiterhin|nach wie vor|toujours|sigo|sigue|seguimos|todavía|aún)\b/iu;
/** A "still" that says what stopped: "no longer", "not … anymore". */
const NEGATED = /\b(?:no longer|not|n't|nicht|kein\p{L}*|plus|ne|ya no|no)\b/iu;

/**
 * A statement that says its subject's current value again, "still" ("I'm still vegetarian", "Ich bin immer noch Veganerin"):
 * no second fact (decisions.md: saying the same thing again makes none).
 */
function restates(clause: string, value: string, current: string | undefined): boolean {
  return current !== undefined && value.toLocaleLowerCase() === current.toLocaleLowerCase() && STILL.test(clause) && !NEGATED.test(clause);
}

/** What makes a message's statement of the user's children news: a number (an age, a count; not a year), a birth, a pregnancy, an adoption. */
const CHILDREN_NEWS =
  /(?<![\d.,])\d{1,2}(?![\d.,]?\d)|\b(?:two|three|four|five|twins|another|second|third|born|birth|arrived|pregnant|expecting|adopted|newborn|baby|zwei|drei|vier|zwillinge|noch ein\p{L}*|zweite\p{L}*|dritte\p{L}*|geboren|geburt|auf die welt|schwanger|erwarten|nachwuchs|adoptiert|deux|trois|quatre|jumeaux|jumelles|autre|deuxième|troisième|né|née|nés|naissance|enceinte|attend|attendons|adopté\p{L}*|bébé|dos|tres|cuatro|gemel\p{L}*|mellizos|otro|otra|segund\p{L}*|tercer\p{L}*|nació|nacido|nacida|embarazada|esperamos|esperando|adopta\p{L}*|bebé)\b/iu;

/**
 * A mention of the user's children once they are known ("my son has a peanut allergy", "once the kids are out of school")
 * is no new fact of them: it would replace "my two kids (7 and 10)" with less.
 */
function mentionsKnownChildren(subject: string, message: string, latest: ReadonlyMap<string, string>): boolean {
  return subject === "children" && latest.has("children") && !CHILDREN_NEWS.test(message);
}

/** The built-in extractor: deterministic, offline, no model. */
export function createBuiltinFactExtractor(): FactExtractor {
  return { extract: async (messages, _signal, known) => extractFacts(messages, known) };
}
