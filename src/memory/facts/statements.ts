import { guessLanguage } from "../../summarizer/language.ts";
import { isPleasantry } from "../../summarizer/lexicon.ts";
import { isQuestion, splitClauses } from "../../summarizer/sentences.ts";
import { placeAtStart } from "./places.ts";
import { EMOJI, wordsOf, type Rule } from "./rule.ts";
import { cuedRules, hasRules, rulesFor } from "./rules/index.ts";

/** What one statement says about one subject: `value` is what it says (lowercase), at [start, end) of the statement. */
export interface Statement {
  subject: string;
  value: string;
  start: number;
  end: number;
}

export interface ReadableMessage {
  role: string;
  content: string;
  language?: string;
}

/** "If we move to Berlin …" states nothing yet. */
const CONDITIONAL = /^(?:if|when|once|in case|wenn|falls|sobald|si|quand|cuando|en caso)\s/iu;
/** A question that starts by asking states nothing before its comma: "Can we stretch the budget to €180, …?". */
const ASKING =
  /^(?:¿|what|how|can|could|do|does|did|is|are|should|would|will|where|when|which|who|why|any|shall|may|was|wie|wo|wann|welche\p{L}*|kann|können|soll\p{L}*|gibt|hast|habt|ist|sind|warum|que|quoi|quel\p{L}*|comment|où|quand|pourquoi|est-ce|pouvez|peux|combien|qué|cómo|dónde|cuándo|cuál\p{L}*|cuánto\p{L}*|puedo|puedes|hay|tiene)(?![\p{L}])/iu;
/**
 * A question typed without its question mark, told by its first words: an interrogative or a modal
 * before the person asked ("how do I stop him chewing shoes", "kann ich das einfrieren", "comment je
 * fais", "cómo puedo bajar").
 */
const UNMARKED_QUESTION =
  /^(?:(?:how|what|where|why|which|who)(?:'s|’s)? (?:do|does|did|can|could|should|would|will|is|are|am|i|we|you|u)|(?:can|could|should|would|do|does|is|are|am) (?:i|we|you|u)|(?:wie|was|wo|warum|welche\p{L}*) (?:kann|soll|muss|sollte|könnte|mache|mach|kriege|krieg)|(?:kann|soll|muss|sollte|könnte|darf) (?:ich|man|wir)|(?:comment|pourquoi|où|que|quoi|quel\p{L}*) (?:je|j['’]|on|faire|puis|dois|peux|pourrais|devrais)|est-ce qu|(?:cómo|qué|dónde|por qué|cuál\p{L}*|cuánto\p{L}*) (?:puedo|hago|debo|debería|podemos|deberíamos|hacemos)|(?:puedo|debo|debería|podemos) )(?![\p{L}])/iu;

/**
 * Where a question starts after a statement: its last comma, "¿", dash, colon or emoji ("We got a
 * puppy — how do I crate-train her?", "I have type 2 diabetes 😕 What can I still eat?": an emoji
 * ends a sentence the sentence splitter does not cut).
 */
const LAST_QUESTION_BREAK = new RegExp(String.raw`(?:,\s*|\s*¿|\s+[–—-]\s+|:\s+|\s*${EMOJI}\s+)(?!.*(?:,\s|¿|\s[–—-]\s|:\s|${EMOJI}))`, "u");

/**
 * The part of a sentence that states something: the sentence itself, or what a question says
 * before it asks ("I'm vegetarian, any good road-trip snacks?" states "I'm vegetarian"); "" for
 * a question, a greeting or thanks, or a condition.
 */
export function statedPart(sentence: string): string {
  if (CONDITIONAL.test(sentence) || isPleasantry(sentence)) return "";
  if (UNMARKED_QUESTION.test(sentence)) return "";
  if (!isQuestion(sentence)) return beforeAdvice(sentence);
  if (ASKING.test(sentence)) return "";
  const cut = LAST_QUESTION_BREAK.exec(sentence);
  if (!cut) return DECLARATIVE.test(sentence) ? beforeAdvice(sentence) : "";
  const before = sentence.slice(0, cut.index).replace(/[\s,;:]+$/u, "");
  return ONLY_A_CONJUNCTION.test(before) ? "" : beforeAdvice(before);
}

/** What comes before a question that only ties it to the last sentence: "Y" of "Y ¿conoces …?". */
const ONLY_A_CONJUNCTION = /^(?:and|so|but|or|und|aber|also|oder|et|mais|donc|ou|y|pero|o|e)$/iu;

/**
 * A question mark on the speaker's own statement, in a statement's word order and not hedged, asks nothing of it:
 * "i'm running 4 days a week now and actually enjoying it??", "we finally moved to Leeds?!".
 */
const DECLARATIVE =
  /^(?:i|i'm|i’m|im|i've|i’ve|ive|we|we're|we’re|we've|we’ve|ich|wir|je|j['’]|nous|yo)\s(?!(?:\p{L}+\s){0,2}?(?:wonder|think|thinking|guess|should|could|would|might|may|mean|need|want|wanna|hope|suppose|allowed|can|sollte|könnte|darf|frage|pense|devrais|pourrais|peux|me pregunto|debería|podría|puedo)\b)/iu;

/**
 * Advice, the user's own or told to them, and what others want of them, state nothing yet: "Jess keeps telling me i
 * should do 5 runs a week like her", "my son wants me to book the wheelchair", "ma belle-mère insiste pour que je mange de la viande".
 */
const ADVICE =
  /\b(?:i|we|you) should\b(?! not be\b)|\bwants? (?:me|us) to\b|\b(?:ich|wir|du) sollte\p{L}*|\bwill,? dass (?:ich|wir)\b|\b(?:je|tu|on) devrai[st]\b|\b(?:veut|voudrait|insiste pour|aimerait) que (?:je|j['’]|nous|on)\b|\bdeber(?:ía|ías|íamos)\b|\bquiere que (?:yo |nosotros )?\p{L}+(?:e|a|emos|amos)\b/iu;

/** `sentence` up to the clause before the advice it gives (src/summarizer/sentences.ts' clauses); "" when it starts with it. */
function beforeAdvice(sentence: string): string {
  const advice = ADVICE.exec(sentence);
  if (!advice) return sentence;
  // The clause that gives the advice goes with it: "my flatmate keeps telling me" of "… me i should …".
  const clauses = splitClauses(sentence.slice(0, advice.index));
  return clauses.slice(0, -2).join("").replace(/[\s,;:]+$/u, "");
}

/**
 * A request to the assistant, up to what it asks for: "Can you find a vet for my dog Max?", "Kannst du mir Hotels in
 * Lissabon raussuchen?", "Tu peux m'aider à préparer un voyage au Japon ?", "¿Me recomiendas un pienso para mi perra?".
 */
const REQUEST =
  /^(?:¿\s*)?(?:(?:can|could|would|will) (?:you|u)|(?:kannst|könntest) du|(?:können|könnten) sie|(?:tu )?(?:peux|pourrais)(?:-tu)?|(?:vous )?(?:pouvez|pourriez)(?:-vous)?|(?:me |nos )?(?:puedes|podrías|podéis|podríais)|me (?:recomiendas|recomendarías|ayudas|haces|buscas|organizas|sugieres|preparas|das))(?:\s+(?:mir|uns))?(?:\s+(?:please|pls|bitte|mal|por favor))?\s+/iu;
/**
 * A statement a question gives as its reason: "How do I split it, now that I've moved in with my boyfriend?", "Wie teile
 * ich das auf, wo ich mit meinem Freund zusammengezogen bin?", "… ya que vivimos en Valencia?".
 */
const GIVEN =
  /,\s*(?:(?:now that|since|as|because|given that|(?:jetzt |nun )?wo|da|weil|nachdem|seit|seitdem|comme|ya que|como|porque|ahora que|desde que)\s+|(?:vu |puis|parce |maintenant |depuis )qu(?:e\s+|['’]))(?=\S)/iu;

/** Where the user is, taken for granted by a question: "¿conoces intercambios de idiomas aquí en Valencia?", "Le marché ici à Nantes c'est bien ?". */
const HERE = /\b(?:here in|over here in|hier in|bei uns in|ici à|ici a|ici en|aquí en|acá en)\s+(?=\p{Lu})/u;

/** What a request names of the user's own: a possessive, or a capitalised name (a place, a person, a brand). */
const NAMES_OWN = /(?:^|[\s'’])(?:my|our|mein\p{L}*|unser\p{L}*|mon|ma|mes|notre|nos|mi|mis|nuestr\p{L}*)\s|\s(?!I[\s'’])\p{Lu}/u;

/**
 * What a question states about the user, read for facts though the summary keeps the question as asked: the object of
 * a request ("Can you find a vet for my dog Max?" states a dog named Max), the reason a question gives and where it says the
 * user is ("aquí en Valencia"); "" else, and
 * for one that names nothing of the user's ("Can you make a shopping list?"), which costs reading and states nothing.
 */
export function askedPart(sentence: string): string {
  const request = REQUEST.exec(sentence);
  const given = request ? null : GIVEN.exec(sentence);
  const here = request || given ? null : HERE.exec(sentence);
  const from = request ? request[0].length : given ? given.index + given[0].length : here ? here.index : -1;
  if (from < 0 || CONDITIONAL.test(sentence)) return "";
  const asked = sentence.slice(from).replace(/[\s?？!.]+$/u, "");
  if (!NAMES_OWN.test(asked)) return "";
  return asked.charAt(0).toLocaleUpperCase() + asked.slice(1);
}

const CONNECTOR = /^(?:de|del|do|da|du|la|am|an|sur|upon)$/u;
const CAPITALISED = /^\p{Lu}/u;
const DOTTED = /^\.\p{L}/u;

/** The capitalised words a name group starts with: "Lyon" of "Lyon last month", "" for "there". */
function capitalisedStart(name: string): string {
  const words = name.split(" ");
  let kept = 0;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (CAPITALISED.test(word)) kept = index + 1;
    else if (!(index > 0 && CONNECTOR.test(word) && CAPITALISED.test(words[index + 1] ?? ""))) break;
  }
  return words.slice(0, kept).join(" ");
}

/**
 * The statement a rule reads in `statement`, spanning its value (the `v` or `name` group, else the whole match): a name
 * group's capitalised start, or a place it starts with in lowercase.
 */
function statementOf(rule: Rule, statement: string): Statement | undefined {
  if (!rule.quick.test(statement)) return undefined;
  const match = rule.pattern.exec(statement);
  if (!match) return undefined;
  const subject = rule.kinds ? kindSubject(rule.subject, rule.kinds, match.groups?.kind) : rule.subject;
  if (subject === undefined) return undefined;
  const name = match.groups?.name;
  if (name !== undefined) {
    // A place in lowercase is read too: many write without capitals ("we're in sheffield now").
    const kept = capitalisedStart(name) || placeAtStart(name);
    const start = match.indices!.groups!.name![0];
    // "Fly.io", "Node.js": a domain or a file, not a place or a person.
    if (!kept || DOTTED.test(statement.slice(start + kept.length, start + kept.length + 2))) return undefined;
    return { subject, value: kept.toLocaleLowerCase(), start, end: start + kept.length };
  }
  const value = match.groups?.v;
  if (value === undefined) return { subject, value: match[0].toLocaleLowerCase(), start: match.index, end: match.index + match[0].length };
  const [start, end] = match.indices!.groups!.v!;
  return { subject, value: value.toLocaleLowerCase(), start, end };
}

/** "favorite {kind}" with the English key of the word `kind` ("favorite food"), or nothing for a word `kinds` lacks. */
function kindSubject(template: string, kinds: Readonly<Record<string, string>>, kind: string | undefined): string | undefined {
  const key = kind === undefined ? undefined : kinds[kind.toLocaleLowerCase()];
  return key === undefined ? undefined : template.replace("{kind}", key);
}

/**
 * Reads the statements of a conversation's user messages. The language of a message is its own
 * when known, else the one of all the user's messages together (short messages alone are too
 * short to tell), else every language's rules are tried.
 */
export class StatementReader {
  private language: string | undefined | null = null;
  private readonly topics = new Map<RegExp, boolean>();

  /** `subjects`: those the user already has facts of (keys), each a topic of every later thread. */
  constructor(
    private readonly messages: readonly ReadableMessage[],
    private readonly subjects: { has(subject: string): boolean } = new Set<string>(),
  ) {}

  private conversationLanguage(): string | undefined {
    if (this.language === null) {
      const text = this.messages.filter((message) => message.role === "user").map((message) => message.content).join("\n");
      this.language = guessLanguage(text);
    }
    return this.language;
  }

  /** Whether any message of the conversation (the assistant's too) speaks of `topic`. */
  about(topic: RegExp): boolean {
    let found = this.topics.get(topic);
    if (found === undefined) this.topics.set(topic, (found = this.messages.some((message) => topic.test(message.content))));
    return found;
  }

  /**
   * Whether `subject` may be read where only `topic` says it: a thread about it, or a subject the
   * user already has ("Vuelvo a 5 días por semana" in a later thread that never says "correr").
   */
  onTopic(topic: RegExp, subject: string): boolean {
    return this.subjects.has(subject) || this.about(topic);
  }

  /**
   * The language message `index` is read in: its own, unless it is one without rules, guessed on a few words ("Hola de
   * nuevo, nos mudamos a Barcelona" reads as Portuguese to search's guess for short messages); then the conversation's.
   */
  languageOf(index: number): string | undefined {
    const own = this.messages[index]!.language;
    return own && hasRules(own) ? own : this.conversationLanguage();
  }

  /**
   * The statements of `statement` (a stated part of a sentence of message `index`), one per subject, the first rule
   * winning; of `subject` only, when given.
   */
  read(statement: string, index: number, subject?: string): Statement[] {
    const message = this.messages[index]!;
    const rules = rulesFor(this.languageOf(index));
    const found: Statement[] = [];
    const subjects = new Set<string>();
    const cued = cuedRules(rules, wordsOf(statement));
    for (const rule of rules) {
      if (subjects.has(rule.subject) || (subject !== undefined && rule.subject !== subject)) continue;
      if (rule.cues && !cued.has(rule)) continue;
      if (rule.topic && !this.onTopic(rule.topic, rule.subject)) continue;
      if (rule.answers && !(index > 0 && this.messages[index - 1]!.role !== "user" && rule.answers.test(this.messages[index - 1]!.content))) continue;
      const read = statementOf(rule, statement);
      if (!read) continue;
      found.push(read);
      subjects.add(rule.subject);
    }
    return found;
  }
}
