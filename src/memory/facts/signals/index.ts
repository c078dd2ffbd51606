import type { Person, Signal } from "../signal.ts";
import { compileOnUse } from "../rule.ts";
import * as de from "./de.ts";
import * as en from "./en.ts";
import * as es from "./es.ts";
import * as fr from "./fr.ts";

export interface SignalReader {
  signals: readonly Signal[];
  person: Person;
  /** Words that say a value changed: "instead", "now", "stattdessen", "désormais", "ya". */
  change: () => RegExp;
}

const BY_LANGUAGE: Record<string, SignalReader> = {
  en: { signals: en.EN, person: en.EN_PERSON, change: compileOnUse(en.CHANGE, "iu") },
  de: { signals: de.DE, person: de.DE_PERSON, change: compileOnUse(de.CHANGE, "iu") },
  fr: { signals: fr.FR, person: fr.FR_PERSON, change: compileOnUse(fr.CHANGE, "iu") },
  es: { signals: es.ES, person: es.ES_PERSON, change: compileOnUse(es.CHANGE, "iu") },
};
const ALL = Object.values(BY_LANGUAGE);

/**
 * As the rules: every language's signals when the language is unknown (each read with its own
 * words for the speaker, so a clause is tried only in the languages whose "I" or "my" it holds),
 * none for a language without them.
 */
export function signalReaders(language: string | undefined): readonly SignalReader[] {
  if (language === undefined) return ALL;
  const known = BY_LANGUAGE[language.slice(0, 2).toLowerCase()];
  return known ? [known] : [];
}
