import type { Driver } from "../db/driver.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { lockOrganizationCount } from "../organizations/limits.ts";
import { projectNotFound } from "../projects/projects.ts";
import { ADD_OPTIONS, ATTRIBUTE, ATTRIBUTE_COUNT, LIST_ATTRIBUTES, UPSERT_ATTRIBUTE, type AttributeView } from "./sql.ts";

export interface AttributeInput {
  projectId?: number;
  name: string;
  options: string[];
}

/** Creates the attribute in the project (default project when absent) or adds the options it lacks. */
export async function upsertAttribute(driver: Driver, organizationId: number, input: AttributeInput): Promise<{ attribute: AttributeView; created: boolean }> {
  return driver.transaction(async (tx) => {
    const [row] = await tx.rows(UPSERT_ATTRIBUTE, { organizationId, projectId: input.projectId ?? null, name: input.name });
    if (!row) throw projectNotFound();
    const { id: attributeId, created } = row;
    if (created) {
      await lockOrganizationCount(tx, organizationId, "attributes");
      const counted = tx.rows(ATTRIBUTE_COUNT, { organizationId }).then(([count]) => count!.count);
      await refuseOverLimit(counted, LIMITS.attributesPerOrganization, (limit) =>
        invalidInput(`Invalid field 'name': an organization has at most ${limit} attributes`),
      );
    }
    const names = [...new Set(input.options)];
    if (names.length > 0) await tx.rows(ADD_OPTIONS, { organizationId, attributeId, names });
    const { attribute, optionCount } = (await tx.rows(ATTRIBUTE, { organizationId, attributeId }))[0]!;
    await refuseOverLimit(Promise.resolve(optionCount), LIMITS.optionsPerAttribute, (limit) =>
      invalidInput(`Invalid field 'options': an attribute has at most ${limit} options`),
    );
    return { attribute, created };
  });
}

/** The attributes of one project of the organization (404 for another's), or of all its projects. */
export async function listAttributes(driver: Driver, organizationId: number, projectId?: number): Promise<AttributeView[]> {
  const { projectFound, attributes } = (await driver.rows(LIST_ATTRIBUTES, { organizationId, projectId: projectId ?? null }))[0]!;
  if (!projectFound) throw projectNotFound();
  return attributes;
}
