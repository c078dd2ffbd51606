import type { Db } from "../db/types.ts";
import { invalidInput } from "../errors.ts";

/**
 * The option ids named by an attribute-name-to-option-name map, in one query. Names match
 * exactly (case-sensitive); an attribute the project lacks, or an option its attribute lacks,
 * is a 400 naming it.
 */
export async function resolveOptionIds(
  db: Db,
  organizationId: number,
  projectId: number,
  selection: Record<string, string>,
): Promise<number[]> {
  const entries = Object.entries(selection);
  if (entries.length === 0) return [];
  const found = await db.$queryRaw<{ attributeName: string; optionId: number | null }[]>`
    SELECT a."name" AS "attributeName", o."id" AS "optionId"
    FROM unnest(${entries.map(([attribute]) => attribute)}::text[], ${entries.map(([, option]) => option)}::text[])
      AS wanted(attribute_name, option_name)
    JOIN "Attribute" a
      ON a."organizationId" = ${organizationId} AND a."projectId" = ${projectId} AND a."name" = wanted.attribute_name
    LEFT JOIN "AttributeOption" o
      ON o."organizationId" = ${organizationId} AND o."attributeId" = a."id" AND o."name" = wanted.option_name`;
  const byAttribute = new Map(found.map((row) => [row.attributeName, row.optionId]));
  return entries.map(([attributeName, optionName]) => {
    const optionId = byAttribute.get(attributeName);
    if (optionId === undefined) throw invalidInput(`Unknown attribute '${attributeName}'`);
    if (optionId === null) throw invalidInput(`Unknown option '${optionName}' of attribute '${attributeName}'`);
    return optionId;
  });
}
