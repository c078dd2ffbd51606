/**
 * One way a user states a fact: a pattern tried on one statement (a sentence, or the part of a
 * question before it asks). Patterns are case-insensitive and free of nested quantifiers, so a
 * sentence costs time linear in its length. `needs`: words one of which the pattern needs, when
 * it does not start with plain words (`cues`).
 */
export interface Rule {
  /** The fact's key, shared by every language: "home city", "budget", "diet". */
  subject: string;
  pattern: RegExp;
  /** `pattern` without its assertions (`prefilter`): a statement it does not match is not tried. */
  quick: RegExp;
  /**
   * Only where the thread is about this (one of its messages, the assistant's included, says so):
   * "four days a week now" counts runs in a thread about running.
   */
  topic?: RegExp;
  /** Only when the assistant's message just before asked for it: "Around €150 a night." after "What's your budget?". */
  answers?: RegExp;
  /**
   * A subject with `{kind}` in it ("favorite {kind}") takes the English key of the group `kind`'s
   * word, lowercase, from here ("Lieblingsessen" -> "food"); a word not here states nothing.
   */
  kinds?: Readonly<Record<string, string>>;
  /**
   * The words the pattern can start with, when it starts with plain words: a statement without
   * any of them is not tried (trying every pattern at every position costs more than a look-up).
   */
  cues?: ReadonlySet<string>;
}

/** A word boundary that knows letters beyond ASCII ("\b" does not: "é" is not a word character to it). */
const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;

/**
 * A rule from a pattern written with `\b` for word boundaries. A group named `name` must start
 * with a capital letter (a place, a person, a brand), the rest of the pattern ignores case.
 */
export function rule(subject: string, source: string, extra: Pick<Rule, "topic" | "answers" | "kinds"> & { needs?: string } = {}): Rule {
  const { needs, ...conditions } = extra;
  const cues = needs === undefined ? leadingWords(source) : new Set(needs.split(" "));
  const pattern = compileOnUse(source);
  const quick = prefilterOnUse(source);
  return {
    subject,
    get pattern() {
      return pattern();
    },
    get quick() {
      return quick();
    },
    ...conditions,
    ...(cues ? { cues } : {}),
  };
}

/** `prefilter(source)` on the first call, then the same pattern: as `compileOnUse`, a process that reads no fact builds none. */
export function prefilterOnUse(source: string): () => RegExp {
  let quick: RegExp | undefined;
  return () => (quick ??= prefilter(source));
}

const LOOKAROUND = ["(?=", "(?!", "(?<=", "(?<!"];

/**
 * A pattern that matches wherever `source` does, in any text that holds that match, many times
 * faster: `source` without its assertions (word boundaries, lookarounds, `^` and `$`), which only
 * narrow a match. The boundaries cost most: a lookbehind tried at every position where the plain
 * words would be found by a quick scan.
 */
export function prefilter(source: string): RegExp {
  let kept = "";
  let index = 0;
  while (index < source.length) {
    if (LOOKAROUND.some((start) => source.startsWith(start, index))) index = groupEnd(source, index);
    else if (source.startsWith(String.raw`\b`, index)) index += 2;
    else if (source[index] === "^" || source[index] === "$") index += 1;
    else {
      const end = tokenEnd(source, index);
      kept += source.slice(index, end);
      index = end;
    }
  }
  return new RegExp(alternatives(kept).map(withoutOptionalStart).join("|"), "iu");
}

/**
 * `alternative` without the white space and optional parts it starts with: what follows them
 * matches a part of each match, so the prefilter stays a superset. Kept, a leading `\s*` (which
 * the boundary at the pattern's start held back) is tried at every position of a run of spaces:
 * quadratic time on a long one.
 */
function withoutOptionalStart(alternative: string): string {
  let start = 0;
  while (start < alternative.length) {
    const end = alternative[start] === "(" ? groupEnd(alternative, start) : tokenEnd(alternative, start);
    const quantifier = /^(?:[?*+]|\{\d*,?\d*\})\??/.exec(alternative.slice(end))?.[0] ?? "";
    const spaces = /^(?:\\s| )$/.test(alternative.slice(start, end));
    if (!spaces && !/^(?:[?*]|\{0,)/.test(quantifier)) break;
    start = end + quantifier.length;
  }
  return alternative.slice(start);
}

/** The top-level alternatives of `source`. */
function alternatives(source: string): string[] {
  const found: string[] = [];
  let from = 0;
  let index = 0;
  while (index < source.length) {
    if (source[index] === "|") {
      found.push(source.slice(from, index));
      from = index + 1;
      index += 1;
    } else index = source[index] === "(" ? groupEnd(source, index) : tokenEnd(source, index);
  }
  return [...found, source.slice(from)];
}

/** The end of the token at `index`: an escape, a character class or one character. */
function tokenEnd(source: string, index: number): number {
  if (source[index] === "\\") return index + 2;
  if (source[index] !== "[") return index + 1;
  let end = index + 1;
  while (source[end] !== "]") end = source[end] === "\\" ? end + 2 : end + 1;
  return end + 1;
}

/** The end of the group that opens at `index`. */
function groupEnd(source: string, index: number): number {
  let depth = 0;
  let end = index;
  do {
    if (source[end] === "(") depth++;
    else if (source[end] === ")") depth--;
    end = tokenEnd(source, end);
  } while (depth > 0);
  return end;
}

/** A case-insensitive pattern written with `\b` for word boundaries that know letters beyond ASCII. */
export function compile(source: string, flags = "iud"): RegExp {
  return new RegExp(source.replaceAll(String.raw`\b`, BOUNDARY), flags);
}

/**
 * `compile(source, flags)` on the first call, then the same pattern. The boundaries' Unicode classes make a
 * pattern cost up to a millisecond to build, some 0.3 s of CPU for all the rules and signals: built at import,
 * every process paid it, those that never read a fact too (most test files, a service before its first
 * ingest); built on use, a statement builds only the patterns its prefilter and cues let through.
 */
export function compileOnUse(source: string, flags?: string): () => RegExp {
  let pattern: RegExp | undefined;
  return () => (pattern ??= compile(source, flags));
}

const LEADING_ALTERNATIVES = /^\\b\(\?(?::|<v>)([\p{L}'’ |-]+)\)(?![?*{])/u;
const LEADING_WORD = /^\\b([\p{L}'’-]+)(?![?*{\p{L}'’-])/u;

/** The first words of `\b(?:one|two words|…)` or `\bword` at the start of a pattern, lowercase. */
function leadingWords(source: string): Set<string> | undefined {
  const alternatives = LEADING_ALTERNATIVES.exec(source)?.[1]?.split("|") ?? LEADING_WORD.exec(source)?.slice(1);
  return alternatives && new Set(alternatives.map((alternative) => alternative.split(" ")[0]!.toLocaleLowerCase()));
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of a statement, lowercase, as cues are written: "we're" gives "we're" and "we", "j'habite" gives "j'habite" and "j". */
export function wordsOf(statement: string): Set<string> {
  const words = new Set<string>();
  for (const [word] of statement.toLocaleLowerCase().matchAll(WORD)) {
    words.add(word);
    const cut = word.search(/['’-]/u);
    if (cut > 0) words.add(word.slice(0, cut));
  }
  return words;
}

/**
 * Words that start a noun phrase, never a name: a pattern skips them to the next place a name may
 * be ("in a flat in Leeds", "in einer Kita in Köln"), since patterns ignore case and German
 * capitalises every noun. Articles that start names of places ("La Paz", "Los Angeles") are not among them.
 */
const DETERMINER = "a|an|the|my|our|ein|eine|einer|einem|einen|der|die|das|dem|den|mein|meine|meiner|meinem|unser|unsere|unserer|unserem|un|une|mon|ma|notre|una|mi|nuestro|nuestra";

/**
 * Up to three words that may be a name: the statement reader keeps only their capitalised start
 * ("Lyon" of "Lyon last month", "New York" of "New York instead").
 */
export const NAME = String.raw`(?!(?:${DETERMINER})\b)(?<name>\p{L}[\p{L}'’-]*(?: [\p{L}'’-]+){0,2})`;
/** An amount: its digits and separators bounded, so that a long run of digits costs linear time. */
export const MONEY = String.raw`(?:[$€£]\s?\d[\d.,  ]{0,12}\d|[$€£]\s?\d|\b(?:cad|usd|aud|nzd|eur|gbp|chf|mxn)\s?\d(?:[\d.,  ]{0,12}\d)?|\d[\d.,  ]{0,12}\s?(?:[$€£]|(?:euros?|eur|dollars?|usd|cad|aud|nzd|mxn|pesos?|pounds?|quid|bucks|balles|pavos|pelas|gbp|francs?|chf)\b))`;

/**
 * An amount with or without its currency: a bare number of three to five digits, "1.600", "5k"; no
 * year, and no number of a unit ("120 km", "8000 steps"). Only where the clause says it is money.
 */
export const AMOUNT = String.raw`(?:${MONEY}|\b(?!(?:19|20)\d\d\b)(?:\d{1,3}(?:[.,  ]\d{3}){1,3}|\d{3,5}|\d{1,3}(?:[.,]\d)?k|\d{1,3} mil)\b(?! ?(?:km|kg|kilos?|m|cm|mm|steps|schritte|pasos|pas|kcal|cal|calories|g|mg|ml|gb|mb|h|hours|stunden|heures|horas|min|minutes|minuten|people|personas|personnes|personen|mal|times|fois|veces)\b))`;

/** Two children named with their ages, in any of the four languages: "Santi (9) y Emilia (4)", "Mia (8) and Paul (5)" (from the first age on: a pattern that opens with letters costs time quadratic in a long word). */
export const KIDS_AGES = String.raw`(?<=\p{Lu}\p{Ll}{1,20} )\(\d{1,2}\),? (?:y|and|und|et|e|&) \p{Lu}\p{Ll}{1,20} \(\d{1,2}\)`;

/** A baby's age after its name, in any of the four languages: "Léa (3 mois)", "Emilio (7 meses)". */
export const BABY_AGE = String.raw`(?<=\p{Lu}\p{Ll}+ )\(\d{1,2} ?(?:mois|months?|monate?n?|meses|semaines|weeks?|wochen|semanas)\)`;

/** Dog breeds, written alike in most languages: "a beagle called Biscuit", "une petite border collie". */
export const BREED = String.raw`(?:beagle|border collie|labrador|golden retriever|retriever|dackel|teckel|schäferhund|berger allemand|pastor alemán|husky|chihuahua|pug|mops|carlin|pudel|poodle|caniche|cocker|spaniel|jack russell|bulldog|bouledogue|terrier|galgo|greyhound|whippet|dalmatian|dalmatien|dálmata|collie|sheepdog|corgi|shiba|dobermann|rottweiler|yorkshire|bichon|schnauzer|malinois|podenco|bodeguero)`;

/** Car models, written alike in every language, whose name is no common word: "picked up a 2019 yaris hybrid". */
export const CAR_MODEL = String.raw`(?:yaris|corolla|auris|aygo|rav4|c-hr|prius|jazz|cr-v|fiesta|focus|kuga|puma|corsa|astra|mokka|clio|captur|megane|mégane|twingo|zoe|zoé|sandero|duster|octavia|fabia|superb|kodiaq|ibiza|arona|tiguan|t-roc|id\.3|id\.4|qashqai|juke|micra|leaf|i10|i20|i30|tucson|kona|ioniq|ceed|sportage|niro|picanto|mx-5|cx-5|cx-30|model [3sxy]|a3|a4|(?<!thinkpad )x1|x3|c-klasse|a-klasse|e-klasse|fiat 500|panda|c3|c4|208|308|2008|3008|xc40|xc60|v60|outback|forester|swift|vitara|kangoo|berlingo|ducato|sprinter|vivaro)`;

/** Phone makers and lines, written alike in every language: "el pixel 8a", "mein iPhone 11". */
/** Shoes by their maker's name, as runners call them ("my nikes, size 6 UK"; "Salomon Speedcross en 38"). */
export const SHOE_BRANDS = String.raw`(?:nikes?|asics|adidas|brooks|hokas?|salomons?|new balance|sauconys?|mizunos?|on clouds?|vans|converse|birkenstocks?|dr\.? martens|docs)`;
export const PHONE_MAKE = String.raw`(?:iphone|pixel|galaxy|samsung|xiaomi|redmi|oneplus|huawei|motorola|moto [eg](?:\d{1,3})?|nokia|fairphone)`;

/** Clothing sizes by their letters: "L statt XL", "an M instead of an L". */
export const LETTER_SIZE = String.raw`(?:xxs|xs|s|m|l|xl|xxl|xxxl)`;

/** Laptop makers and lines, written alike in every language: "Me compré el Lenovo Yoga Pro 7". */
export const LAPTOP_MAKE = String.raw`(?:lenovo|asus|acer|dell|msi|razer|matebook|hp (?:pavilion|envy|spectre|probook|elitebook|victus|omen)|pavilion|framework (?:13|16|laptop)|legion|inspiron|latitude|aspire|zenbook|vivobook|ideapad|thinkpad|macbook|xps|chromebook)`;

/** A race by its kilometres ("a 10k"), not a screen's resolution ("pantalla 3K") nor a car's mileage ("38k miles"). */
export const RACE_K = String.raw`(?<![$€£]\s?)(?<!\b(?:cad|usd|aud|nzd|eur|gbp|chf|mxn) ?)(?<!(?:pantalla|écran|bildschirm|screen|display|monitor) )\d{1,2} ?k(?! ?(?:miles|screen|display|monitor|video|resolution|steps|a day|per day|daily|a month|per month|a year|per year))`;

/** A run of emoji, flags included ("🇯🇵", two regional indicators): it ends a clause or a statement as a comma does. */
export const EMOJI = String.raw`(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2})[\p{Extended_Pictographic}\p{Regional_Indicator}\u{FE0F}\u{200D}]*`;

/** Animals as emoji, which often name the pet a message is about: "Krümel und Paule 🐹". */
export const PET_EMOJI = "[🐶🐕🐩🐱🐈🐰🐇🐹🐭🐦🐠🐟🐢🦎🐍🐴🐔]";

/** A home: "a one-bedroom flat", "nuestra propia casa". */
export const DWELLING = String.raw`(?:house|flat|apartment|condo|studio|bungalow|cottage|townhouse|haus|wohnung|eigentumswohnung|reihenhaus|maison|appartement|appart|studio|casa|piso|apartamento|departamento|chalet|ático)`;
