/**
 * The words the built-in summarizer recognises, in English, French, German, Spanish, Portuguese,
 * Italian, Japanese and Chinese. Every pattern is tested on one sentence and is free of nested
 * quantifiers, so it runs in time linear in the sentence.
 */

const WORD_GREETINGS = "hi|hello|hey|hiya|good morning|good afternoon|good evening|bonjour|bonsoir|salut|hallo|guten tag|guten morgen|hola|buenos días|buenas|olá|ola|bom dia|boa tarde|ciao|buongiorno|salve";
const CJK_GREETINGS = "こんにちは|こんばんは|你好|您好";
const GREETING_WORDS = `${WORD_GREETINGS}|${CJK_GREETINGS}`;
const PLEASANTRY_WORDS =
  `${GREETING_WORDS}|thanks|thank you|thx|ty|ok|okay|cool|great|perfect|awesome|nice|sure|yes|yep|yeah|no problem|sounds good|got it|makes sense|bye|cheers|hmm|ah|oh|wow|alright|merci|parfait|d'accord|danke|super|prima|gracias|vale|perfecto|genial|obrigado|obrigada|perfeito|grazie|perfetto|va bene|ありがとう|ありがとうございます|了解|谢谢|好的|明白`;

/** A sentence that is only a greeting, thanks or acknowledgement: "Hi there!", "Thanks, that worked." is not. */
const PLEASANTRY = new RegExp(
  `^(?:(?:${PLEASANTRY_WORDS})(?: (?:so much|a lot|very much|again|there|everyone|all|beaucoup|sehr|mucho|muchas|mille))?[ ,!.?~…。！、]*)+$`,
  "iu",
);
/**
 * A greeting that opens a sentence with more after it: "Hi, I manage the account …"; a whole word, not the start of one
 * ("Hiking", "Holanda", "Hinflug").
 */
const GREETING_PREFIX = new RegExp(`^(?:(?:${WORD_GREETINGS})(?![\\p{L}\\p{N}])|${CJK_GREETINGS})(?: there| everyone)?[,!.。！、]* ?`, "iu");

/** Thanks with a remark that states nothing: "Thanks, that fixed it." */
const THANKS = /^(?:thanks|thank you|thx|merci|danke|gracias|obrigad[oa]|grazie|ありがとう|谢谢)/iu;

export function isPleasantry(sentence: string): boolean {
  if (sentence.length > 80) return false;
  return PLEASANTRY.test(sentence) || (THANKS.test(sentence) && factSignals(sentence) === 0 && !isAboutSelf(sentence));
}

export function withoutGreeting(sentence: string): string {
  const stripped = sentence.replace(GREETING_PREFIX, "");
  return stripped === sentence ? sentence : stripped.charAt(0).toLocaleUpperCase() + stripped.slice(1);
}

const word = (words: string) => new RegExp(`(?<![\\p{L}\\p{N}'’])(?:${words})(?![\\p{L}\\p{N}])`, "iu");

/** The speaker talks about themself (or their household): "I", "my", "we", "je", "ich", "mi", "我", … */
const ABOUT_SELF = [
  word("i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|my|me|mine|myself|we|we're|we’re|we've|we’ve|our|ours|us"),
  word("je|j'|j’|mon|ma|mes|moi|nous|notre|nos"),
  word("ich|mein|meine|meinen|meiner|meinem|mir|mich|wir|unser|unsere|unseren|uns"),
  word("yo|mi|mis|soy|estoy|tengo|vivo|busco|quiero|nosotros|nuestro|nuestra"),
  word("eu|meu|minha|meus|minhas|nós|nosso|nossa|vou|estou|tenho|queremos|preferimos"),
  word("io|mio|mia|miei|mie|sono|ho|vado|noi|nostro|nostra|vogliamo"),
  /私|僕|俺|うち|家族|我/u,
];

export function isAboutSelf(sentence: string): boolean {
  return ABOUT_SELF.some((pattern) => pattern.test(sentence));
}

/** Words that announce a lasting fact: needs, constraints, plans, preferences, identities. */
const FACT_WORD =
  /allerg|intoleran|budget|deadline|prefer|need|want|hate|love|name|live|work|moving|plan|goal|diagnos|vegetarian|vegan|celiac|gluten|lactose|pregnan|size|email|phone|number|address|account|order|booking|always|never|usually|presupuesto|prefier|quiero|vivo|objectif|préfère|déteste|adore|travaille|wohne|möchte|brauche|vorzugsweise|alergi|preferimos|queremos|vogliamo|preferisco|予算|希望|家族|アレルギー|截止|需要|喜欢|过敏|预算|上线/iu;
const CURRENCY = /[$€£¥₹円元]|(?<![\p{L}])(?:euros?|dollars?|usd|eur)(?![\p{L}])/iu;
const DIGIT = /\p{Nd}/u;
/** A capitalised word after the first one: a name, a brand, a place. */
const PROPER_NOUN = /\S \p{Lu}/u;
/** A token mixing letters and digits: a model, an order number, a booking reference. */
const IDENTIFIER = /\p{L}-?\p{Nd}|\p{Nd}-?\p{L}/u;

/** How much a sentence looks like it holds a fact worth remembering (0 to 5). */
export function factSignals(sentence: string): number {
  return [FACT_WORD, CURRENCY, DIGIT, PROPER_NOUN, IDENTIFIER].filter((pattern) => pattern.test(sentence)).length;
}

/** Words that say an earlier fact no longer holds: "actually", "instead", "changement", "doch", "変更", … */
const CHANGE_STRONG = [
  word(
    "actually|instead|anymore|any more|no longer|change|changed|change of plan|update|updated|after all|correction|make it|make that|rather|cancel|finalement|plutôt|changement|au lieu|doch|stattdessen|geändert|nicht mehr|pensándolo mejor|cambia|cambio|en lugar|en vez|mudámos|mudamos|afinal|em vez|invece|cambiato|anzi",
  ),
  /変更|やっぱり|やはり|改成|换成|不再/u,
];
/** Words that often come with a new value: "now", "moved", "upgraded", "decided", … */
const CHANGE_WEAK = [
  word("now|new|not|switch|switched|moved|moving|leaving|upgraded|downgraded|raised|lowered|decided|repoussée?|avancée?|wechseln|beschlossen|mejor|prefiero|preferimos"),
  /升级|改/u,
];

export type Change = "strong" | "weak" | null;

/** Whether a sentence announces that an earlier fact changed, and how clearly. */
export function announcedChange(sentence: string): Change {
  if (CHANGE_STRONG.some((pattern) => pattern.test(sentence))) return "strong";
  return CHANGE_WEAK.some((pattern) => pattern.test(sentence)) ? "weak" : null;
}

/** Words too common to tie two sentences to the same fact. */
export const STOPWORDS = new Set(
  (
    "the and but has had for are was not now you can get its all any how why who may one two yes " +
    "about above after again also always another because been before being below between both could does doing down during each from further have having here into just more most much only other over same should some such than that their them then there these they this those through under until very were what when where which while will with would your yours " +
    "today tomorrow yesterday next last first thing things please thanks really maybe like want need would could should think know make sure okay " +
    "dans pour avec mais plus tout tous nous vous leur elle sont être avoir fait comme aussi très " +
    "aber auch dass eine einen einem einer nicht noch oder sind wird wurde doch schon sehr heute morgen " +
    "para pero como este esta estos estas todo muy también tengo porque " +
    "para com como mais muito também " +
    "della delle sono anche come molto"
  ).split(" "),
);
