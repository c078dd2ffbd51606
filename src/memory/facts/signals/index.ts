import type { Person, Signal } from "../general.ts";
import { DE, DE_PERSON } from "./de.ts";
import { EN, EN_PERSON } from "./en.ts";
import { ES, ES_PERSON } from "./es.ts";
import { FR, FR_PERSON } from "./fr.ts";

const BY_LANGUAGE: Record<string, { signals: readonly Signal[]; person: Person }> = {
  en: { signals: EN, person: EN_PERSON },
  de: { signals: DE, person: DE_PERSON },
  fr: { signals: FR, person: FR_PERSON },
  es: { signals: ES, person: ES_PERSON },
};
const any = (patterns: RegExp[]) => new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"), "iu");
const ALL = {
  signals: [...EN, ...DE, ...FR, ...ES],
  person: {
    self: any([EN_PERSON.self, DE_PERSON.self, FR_PERSON.self, ES_PERSON.self]),
    own: any([EN_PERSON.own, DE_PERSON.own, FR_PERSON.own, ES_PERSON.own]),
    other: any([EN_PERSON.other, DE_PERSON.other, FR_PERSON.other, ES_PERSON.other]),
    condition: any([EN_PERSON.condition, DE_PERSON.condition, FR_PERSON.condition, ES_PERSON.condition]),
  },
};
const NONE = { signals: [], person: ALL.person };

/** As the rules: every language's signals when the language is unknown, none for a language without them. */
const of = (language: string | undefined) => (language === undefined ? ALL : (BY_LANGUAGE[language.slice(0, 2).toLowerCase()] ?? NONE));
export const signalsFor = (language: string | undefined): readonly Signal[] => of(language).signals;
export const personFor = (language: string | undefined): Person => of(language).person;
