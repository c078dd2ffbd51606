import type { Person, Signal } from "../general.ts";
import { DE, DE_PERSON } from "./de.ts";
import { EN, EN_PERSON } from "./en.ts";
import { ES, ES_PERSON } from "./es.ts";
import { FR, FR_PERSON } from "./fr.ts";

export interface SignalReader {
  signals: readonly Signal[];
  person: Person;
}

const BY_LANGUAGE: Record<string, SignalReader> = {
  en: { signals: EN, person: EN_PERSON },
  de: { signals: DE, person: DE_PERSON },
  fr: { signals: FR, person: FR_PERSON },
  es: { signals: ES, person: ES_PERSON },
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
