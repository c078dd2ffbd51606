import { splitSentences, isQuestion } from "../../summarizer/sentences.ts";
import { plainText } from "../../summarizer/text.ts";
import { compileOnUse } from "./rule.ts";

/**
 * A short reply to the assistant's question states what it asked: "What's your shoe size?" →
 * "44, usually.", "Where are you flying from?" → "Porto.". The reply names no subject, the
 * question does. Only questions that ask for a value, in the words of each language.
 */
const ASKS: Record<string, [string, string][]> = {
  en: [
    ["age", String.raw`\bhow old are you\b|\byour age\b`],
    ["home city", String.raw`\bwhere (?:do you|are you) (?:live|living|based|located|staying)\b|\bwhich (?:city|town) (?:do you|are you)\b`],
    ["budget", String.raw`\bbudget\b|\bhow much (?:do|would|can|could|are) you\b[^?]{0,25}\b(?:spend|pay|afford|looking)\b|\bprice range\b`],
    ["running days per week", String.raw`\bhow (?:often|many (?:days|times|runs))\b[^?]{0,30}\b(?:run|running|jog)`],
    ["shoe size", String.raw`\bshoe size\b|\bwhat size\b[^?]{0,20}\b(?:shoes?|trainers|boots|sneakers)\b`],
    ["clothing size", String.raw`\bwhat size\b(?![^?]{0,20}\b(?:shoes?|trainers|boots|sneakers)\b)|\bwhich size\b|\byour (?:clothing |usual )?size\b`],
    ["weight", String.raw`\bhow much do you weigh\b|\byour (?:current )?weight\b`],
    ["job", String.raw`\bwhat do you do\b|\byour (?:job|role|profession|occupation)\b|\bfor a living\b|\bline of work\b`],
    ["travel date", String.raw`\bwhen (?:are|do|will|would) you\b[^?]{0,20}\b(?:leave|leaving|fly|flying|travel|travelling|traveling|go|going|depart|departing)\b|\bwhat dates\b|\bwhich dates\b|\bwhen is the (?:trip|flight)\b`],
    ["travel destination", String.raw`\bwhere (?:are|do|will|would) you\b[^?]{0,20}\b(?:going|go|fly|flying|travel|travelling|traveling|head|heading)\b(?![^?]{0,10}\bfrom\b)|\bdestination\b`],
    ["travel origin", String.raw`\bwhere (?:are|will|would) you\b[^?]{0,20}\b(?:flying|departing|leaving|travelling|traveling|driving|coming) from\b|\bfrom which (?:city|airport)\b`],
    ["phone", String.raw`\b(?:what|which) phone\b|\bwhat do you have now\b[^?]{0,10}\bphone\b`],
    ["laptop", String.raw`\b(?:what|which) (?:laptop|computer)\b`],
    ["car", String.raw`\b(?:what|which) car\b|\bwhat do you drive\b`],
    ["diet", String.raw`\bdietary\b|\bdo you eat meat\b`],
    ["allergy", String.raw`\ballerg\p{L}*|\bintoleran\p{L}*`],
    ["daily steps", String.raw`\bhow many steps\b`],
    ["training goal", String.raw`\btraining for\b|\bwhich race\b|\bwhat race\b`],
    ["name", String.raw`\byour name\b|\bwhat should i call you\b`],
  ],
  de: [
    ["age", String.raw`\bwie alt (?:sind sie|bist du)\b`],
    ["home city", String.raw`\bwo (?:wohnen sie|wohnst du|leben sie|lebst du)\b|\bin welcher stadt\b`],
    ["budget", String.raw`\bbudget\b|\bwie viel (?:möchten|wollen|können) (?:sie|du)\b|\bwie viel möchtest du\b|\bpreisrahmen\b|\bausgeben\b`],
    ["running days per week", String.raw`\bwie (?:oft|viele (?:tage|läufe))\b[^?]{0,30}\b(?:lauf\p{L}*|joggen)`],
    ["shoe size", String.raw`\bschuhgröße\b`],
    ["clothing size", String.raw`\bwelche größe\b|\bkleidergröße\b`],
    ["weight", String.raw`\bwie viel wiegen sie\b|\bwie viel wiegst du\b|\bihr gewicht\b|\bdein gewicht\b`],
    ["job", String.raw`\bwas machen sie beruflich\b|\bwas machst du beruflich\b|\bihr beruf\b|\bdein beruf\b`],
    ["travel date", String.raw`\bwann (?:soll es|geht es|fliegen|reisen|fahren|starten|geht's)\b|\bwelches datum\b|\breisedatum\b|\bbleibt es beim datum\b`],
    ["travel destination", String.raw`\bwohin\b|\breiseziel\b`],
    ["travel origin", String.raw`\bwoher (?:fliegen|reisen|fahren|starten)\b|\bvon wo aus\b|\bab welchem flughafen\b`],
    ["phone", String.raw`\bwelches (?:handy|smartphone)\b`],
    ["laptop", String.raw`\bwelche\p{L}* (?:laptop|rechner|computer)\b`],
    ["car", String.raw`\bwelches auto\b|\bwas fahren sie\b|\bwas fährst du\b`],
    ["diet", String.raw`\bernähr\p{L}*|\bessen sie fleisch\b|\bisst du fleisch\b`],
    ["allergy", String.raw`\ballergi\p{L}*|\bunverträglich\p{L}*`],
    ["daily steps", String.raw`\bwie viele schritte\b`],
    ["name", String.raw`\bwie heißen sie\b|\bwie heißt du\b|\bihr name\b|\bdein name\b`],
  ],
  fr: [
    ["age", String.raw`\bquel âge\b`],
    ["home city", String.raw`\boù (?:habitez|vivez|habites|vis)\b|\bdans quelle ville\b`],
    ["budget", String.raw`\bbudget\b|\bcombien (?:voulez|souhaitez|pouvez|veux|peux)\b[^?]{0,25}\b(?:dépenser|mettre|payer)\b`],
    ["running days per week", String.raw`\bcombien de (?:fois|jours|sorties)\b[^?]{0,30}\b(?:cour\p{L}*)|\bà quelle fréquence\b`],
    ["shoe size", String.raw`\bpointure\b|\bchaussez\b|\bchausses\b`],
    ["clothing size", String.raw`\bquelle taille\b|\bvotre taille\b|\bta taille\b`],
    ["weight", String.raw`\bcombien pesez\b|\bcombien pèses\b|\bvotre poids\b|\bton poids\b`],
    ["job", String.raw`\bque faites-vous dans la vie\b|\bque fais-tu dans la vie\b|\bvotre (?:métier|travail|profession)\b|\bton (?:métier|travail)\b`],
    ["travel date", String.raw`\bquand (?:partez|pars|voyagez|décollez|partirez)\b|\bquelles dates\b|\bquelle date\b`],
    ["travel destination", String.raw`\boù (?:partez|allez|voulez-vous aller|vas|pars)\b|\bquelle destination\b`],
    ["travel origin", String.raw`\bd'où (?:partez|partirez|décollez|pars)\b|\bd’où (?:partez|partirez|décollez|pars)\b|\bquel aéroport\b`],
    ["phone", String.raw`\bquel (?:téléphone|smartphone|portable)\b`],
    ["laptop", String.raw`\bquel (?:ordinateur|ordi|pc)\b`],
    ["car", String.raw`\bquelle voiture\b`],
    ["diet", String.raw`\brégime alimentaire\b|\bmangez-vous de la viande\b`],
    ["allergy", String.raw`\ballergi\p{L}*|\bintoléran\p{L}*`],
    ["daily steps", String.raw`\bcombien de pas\b`],
    ["name", String.raw`\bcomment vous appelez-vous\b|\bcomment tu t'appelles\b|\bvotre (?:nom|prénom)\b`],
  ],
  es: [
    ["age", String.raw`\bcuántos años (?:tiene|tienes)\b|\bqué edad\b`],
    ["home city", String.raw`\bdónde (?:vive|vives|viven|vivís)\b|\ben qué ciudad\b`],
    ["budget", String.raw`\bpresupuesto\b|\bcuánto (?:quiere|quieres|puede|puedes|queréis)\b[^?]{0,25}\b(?:gastar|pagar|invertir)\b`],
    ["running days per week", String.raw`\bcuántos días\b[^?]{0,30}\b(?:corr\p{L}*)|\bcon qué frecuencia\b|\bcuántas veces\b`],
    ["shoe size", String.raw`\bqué número (?:calza|calzas|usa|usas)\b|\btalla de (?:zapato|pie|calzado)\b`],
    ["clothing size", String.raw`\bqué talla\b|\bsu talla\b|\btu talla\b`],
    ["weight", String.raw`\bcuánto (?:pesa|pesas)\b|\bsu peso\b|\btu peso\b`],
    ["job", String.raw`\ba qué (?:se dedica|te dedicas)\b|\bsu trabajo\b|\btu trabajo\b|\bsu profesión\b`],
    ["travel date", String.raw`\bcuándo (?:sale|salen|salís|sales|viaja|viajan|viajáis|viajas|vuela|vuelan|voláis)\b|\bqué fechas\b|\bqué fecha\b`],
    ["travel destination", String.raw`\badónde (?:quiere|quieres|queréis|van|vais|vas|viaja|viajan|viajáis)\b|\bqué destino\b`],
    ["travel origin", String.raw`\bdesde dónde (?:sale|salen|salís|sales|vuela|vuelan|voláis)\b|\bde dónde (?:sale|salen|salís|sales)\b|\bqué aeropuerto\b`],
    ["phone", String.raw`\bqué (?:móvil|teléfono)\b`],
    ["laptop", String.raw`\bqué (?:portátil|ordenador)\b`],
    ["car", String.raw`\bqué coche\b`],
    ["diet", String.raw`\bdieta\b|\bcome carne\b|\bcomes carne\b`],
    ["allergy", String.raw`\balergi\p{L}*|\bintoleran\p{L}*`],
    ["daily steps", String.raw`\bcuántos pasos\b`],
    ["name", String.raw`\bcómo se llama\b|\bcómo te llamas\b|\bsu nombre\b|\btu nombre\b`],
  ],
};

const COMPILED = Object.fromEntries(Object.entries(ASKS).map(([language, asks]) => [language, asks.map(([subject, source]) => [subject, compileOnUse(source, "iu")] as const)]));
const ALL = Object.values(COMPILED).flat();

/** A reply this long or longer says more than the answer: its own statements are read instead. */
const MAX_ANSWER = 60;
/** A reply that gives no value: "No.", "Not really sure yet tbh", "Keine Ahnung". */
const NO_VALUE =
  /^(?:yes|yeah|yep|no|nope|not (?:really |quite )?(?:sure|yet)(?: yet)?|no idea|don'?t know|i don'?t know|ja|nein|weiß (?:ich )?nicht|keine ahnung|noch nicht|oui|non|je ne sais pas|aucune idée|pas encore|sí|si|no sé|ni idea|todavía no|aún no)(?:[\s.!,]+(?:tbh|honestly|lol|ehrlich gesagt|franchement|la verdad))?[\s.!,]*$/iu;

/** The subject the assistant's last question asks for a value of, if any. */
export function askedSubject(assistantMessage: string, language: string | undefined): string | undefined {
  const end = assistantMessage.slice(-600);
  // Plain text only drops characters: without a question mark there is no question.
  if (!end.includes("?") && !end.includes("？")) return undefined;
  const sentences = splitSentences(plainText(end, false));
  const question = sentences.reverse().find((sentence) => isQuestion(sentence));
  if (!question) return undefined;
  const asks = language === undefined ? ALL : (COMPILED[language.slice(0, 2).toLowerCase()] ?? []);
  return asks.find(([, pattern]) => pattern().test(question))?.[0];
}

/** Whether `statement`, a reply's first stated part, is a short answer that gives a value. */
export function isShortAnswer(statement: string): boolean {
  return statement.length < MAX_ANSWER && !NO_VALUE.test(statement.trim());
}
