import { invalidInput } from "../errors.ts";

/**
 * The option ids named by an attribute-name-to-option-name map, in the map's order, from what the
 * database found for it (`found`: attribute name to option id; null when the attribute lacks the
 * option, absent when the project lacks the attribute). Names match exactly (case-sensitive); an
 * attribute the project lacks, or an option its attribute lacks, is a 400 naming it.
 */
export function selectedOptionIds(selection: Record<string, string>, found: Record<string, number | null>): number[] {
  return Object.entries(selection).map(([attributeName, optionName]) => {
    const optionId = Object.hasOwn(found, attributeName) ? found[attributeName] : undefined;
    if (optionId === undefined) throw invalidInput(`Unknown attribute '${attributeName}'`);
    if (optionId === null) throw invalidInput(`Unknown option '${optionName}' of attribute '${attributeName}'`);
    return optionId;
  });
}
