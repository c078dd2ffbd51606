const TERMINAL = new Set([".", "!", "?", "…"]);
const TERMINAL_WIDE = new Set(["。", "！", "？"]);
const CLOSING = new Set(['"', "'", "”", "’", ")", "]", "」", "』"]);

/** A German ordinal ("am 7. Juni", "ab dem 2. Semester", "im 4. Stock", "meinen 39. gefeiert" with its noun left out, "vom 12. bis 19. Mai"): its period ends no sentence. */
const GERMAN_ORDINAL = /(?:^|[\s(])\d{1,2}$/u;
const GERMAN_ORDINAL_NOUN =
  /^ (?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez|Semester|Stock|Etage|Klasse|Mal|Platz|Lebensjahr|Geburtstag|gefeiert|Halbjahr|Trimester|Quartal|Liga|bis \d|und \d)(?![\p{L}])/iu;

const isGermanOrdinal = (text: string, period: number) => GERMAN_ORDINAL.test(text.slice(Math.max(0, period - 3), period)) && GERMAN_ORDINAL_NOUN.test(text.slice(period + 1, period + 14));

/** An abbreviation that a number or a name follows ("ca. 1.500 €", "approx. 20 km", "z.B. Lyon", "Dr. Weber"): its period ends no sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:ca|approx|aprox|env|bzw|inkl|zzgl|ggf|evtl|vs|mr|mrs|ms|dr|nr|sr|sra|dra|mme|z\.b|e\.g|i\.e|p\.ex|d\.h|u\.a)$/iu;
/** "max." before an amount ("max. 1.300 €"); after one it may end the sentence ("400 max. should i …"). */
const BEFORE_AMOUNT = /(?:^|[\s(])max$/iu;
const AMOUNT_NEXT = /^ [\d$€£]/u;

const isAbbreviation = (text: string, period: number) =>
  ABBREVIATION.test(text.slice(Math.max(0, period - 6), period)) ||
  (BEFORE_AMOUNT.test(text.slice(Math.max(0, period - 4), period)) && AMOUNT_NEXT.test(text.slice(period + 1, period + 3)));

/**
 * Plain text (one line, as `plainText` gives) cut into sentences: after ".", "!", "?" or "…"
 * followed by a space (so "3.5" and "v1.2" stay whole, and "am 7. Juni", "im 4. Stock", "ca. 1.500 €" too), and after "。",
 * "！", "？". One pass.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const push = (end: number) => {
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  };
  const terminals = /[.!?…。！？]/g;
  for (let match = terminals.exec(text); match; match = terminals.exec(text)) {
    const wide = TERMINAL_WIDE.has(match[0]);
    let end = match.index + 1;
    while (end < text.length && (CLOSING.has(text[end]!) || TERMINAL.has(text[end]!) || TERMINAL_WIDE.has(text[end]!))) end++;
    if (wide || end === text.length || (text[end] === " " && !(match[0] === "." && end === match.index + 1 && (isGermanOrdinal(text, match.index) || isAbbreviation(text, match.index))))) push(end);
    terminals.lastIndex = end;
  }
  push(text.length);
  return sentences;
}

/** A sentence asks when it ends with a question mark (before closing quotes or brackets). */
export function isQuestion(sentence: string): boolean {
  let end = sentence.length - 1;
  while (end >= 0 && CLOSING.has(sentence[end]!)) end--;
  return sentence[end] === "?" || sentence[end] === "？";
}

const CLAUSE_SEPARATOR = /(, |; | (?:and|but|und|aber|et|mais|y|pero|e|ma|so) |[，、；])/u;

/** A sentence's clauses with the separators between them: [clause, separator, clause, …]. */
export function splitClauses(sentence: string): string[] {
  return sentence.split(CLAUSE_SEPARATOR);
}
