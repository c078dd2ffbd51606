/**
 * A rough guess of the language of a text, enough to tell whether a summary kept the language of
 * its conversation: the writing system first (Japanese, Chinese, Korean, Cyrillic, Greek, Arabic,
 * Hebrew, Thai, Devanagari), then for Latin script the language whose most common words occur
 * most (English, French, German, Spanish, Portuguese, Italian, Dutch). Undefined when unsure.
 */

const SCRIPTS: [string, RegExp][] = [
  ["ja", /[\p{Script=Hiragana}\p{Script=Katakana}]+/gu],
  ["zh", /\p{Script=Han}+/gu],
  ["ko", /\p{Script=Hangul}+/gu],
  ["cyrillic", /\p{Script=Cyrillic}+/gu],
  ["el", /\p{Script=Greek}+/gu],
  ["ar", /\p{Script=Arabic}+/gu],
  ["he", /\p{Script=Hebrew}+/gu],
  ["th", /\p{Script=Thai}+/gu],
  ["hi", /\p{Script=Devanagari}+/gu],
  ["latin", /\p{Script=Latin}+/gu],
];

const COMMON_WORDS: Record<string, Set<string>> = {
  en: new Set("the and but so is are was to of in for with that this my you it not have on at be we i got".split(" ")),
  fr: new Set("le la les et est sont de des du un une pour avec que qui je mon ma mes nous vous pas dans sur".split(" ")),
  de: new Set("der die das und ist sind zu von mit für ich mein meine wir sie nicht ein eine auf den dem".split(" ")),
  es: new Set("el la los las y es son de del un una para con que yo mi mis nosotros por en no se hola pero muy estoy tengo también".split(" ")),
  pt: new Set("o a os as e é são de do da um uma para com que eu meu minha nós por em não se olá mas muito estou tenho também".split(" ")),
  it: new Set("il lo la gli le e è sono di del un una per con che io mio mia noi non in si".split(" ")),
  nl: new Set("de het een en is zijn van voor met dat ik mijn wij niet op aan te".split(" ")),
};

/** Word → the languages it is a common word of. */
const LANGUAGES_OF = new Map<string, string[]>();
for (const [language, words] of Object.entries(COMMON_WORDS)) for (const word of words) LANGUAGES_OF.set(word, [...(LANGUAGES_OF.get(word) ?? []), language]);

const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

/** The characters of `text` in `runs` (a pattern of runs of a script's letters), counted a run at a time. */
function count(text: string, runs: RegExp): number {
  let characters = 0;
  for (const run of text.match(runs) ?? []) characters += run.length - (run.match(ASTRAL)?.length ?? 0);
  return characters;
}

function script(text: string, minLetters: number): string | undefined {
  const counts = SCRIPTS.map(([name, pattern]) => [name, count(text, pattern)] as const);
  const letters = counts.reduce((sum, [, n]) => sum + n, 0);
  if (letters < minLetters) return undefined;
  const kana = counts.find(([name]) => name === "ja")![1];
  const han = counts.find(([name]) => name === "zh")![1];
  // Japanese mixes kana with kanji; Chinese has no kana.
  if (kana > 0 && kana + han >= letters * 0.3) return "ja";
  const [name, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return n >= letters * 0.5 ? name : undefined;
}

/** How much text a guess needs: letters in all, and common words of the language (half again as many as of any other). */
export interface GuessThresholds {
  letters: number;
  commonWords: number;
  /** Each common word counted once: in a short text one article said twice ("a dog …, a beagle") would outweigh the rest. */
  distinctWords?: boolean;
}

const DEFAULT_THRESHOLDS: GuessThresholds = { letters: 20, commonWords: 4 };

function latinLanguage(text: string, commonWords: number, distinctWords: boolean): string | undefined {
  const hits = new Map(Object.keys(COMMON_WORDS).map((language) => [language, 0]));
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (const word of distinctWords ? new Set(words) : words) for (const language of LANGUAGES_OF.get(word) ?? []) hits.set(language, hits.get(language)! + 1);
  const [best, second] = [...hits].sort((a, b) => b[1] - a[1]);
  return best![1] >= commonWords && best![1] >= second![1] * 1.5 ? best![0] : undefined;
}

export function guessLanguage(text: string, { letters, commonWords, distinctWords = false }: GuessThresholds = DEFAULT_THRESHOLDS): string | undefined {
  const writing = script(text, letters);
  return writing === "latin" ? latinLanguage(text, commonWords, distinctWords) : writing;
}

/** True unless both languages can be guessed and differ. */
export function sameLanguage(a: string, b: string): boolean {
  const first = guessLanguage(a);
  const second = guessLanguage(b);
  return first === undefined || second === undefined || first === second;
}
