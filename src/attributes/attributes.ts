import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { inTransaction, type Db } from "../db/types.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { lockOrganizationCountPrisma } from "../organizations/limits.ts";
import { resolveProject } from "../projects/projects.ts";

export interface AttributeInput {
  projectId?: number;
  name: string;
  options: string[];
}

/** An option as it appears inside its attribute: without the nested attribute. */
export const optionSummary = {
  id: true,
  attributeId: true,
  name: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.AttributeOptionSelect;

export const attributeWithOptions = {
  options: { orderBy: { id: "asc" }, select: optionSummary },
} satisfies Prisma.AttributeInclude;

export type AttributeView = Prisma.AttributeGetPayload<{ include: typeof attributeWithOptions }>;

/**
 * Creates the attribute or finds the existing one in one statement, so that concurrent calls
 * meet on the unique key. The no-op update locks the row until commit, so concurrent calls for
 * one attribute add their options one after the other.
 */
async function upsertAttributeRow(db: Db, organizationId: number, projectId: number, name: string) {
  const [row] = await db.$queryRaw<{ id: number; created: boolean }[]>`
    INSERT INTO "Attribute" ("organizationId", "projectId", "name")
    VALUES (${organizationId}, ${projectId}, ${name})
    ON CONFLICT ("organizationId", "projectId", "name") DO UPDATE SET "name" = EXCLUDED."name"
    RETURNING "id", (xmax = 0) AS "created"`;
  return row!;
}

/** Adds the options the attribute lacks, in the order given (none is removed); marks it updated when it gained any. */
async function addMissingOptions(db: Db, organizationId: number, attributeId: number, names: string[]) {
  if (names.length === 0) return;
  await db.$executeRaw`
    WITH added AS (
      INSERT INTO "AttributeOption" ("organizationId", "attributeId", "name")
      SELECT ${organizationId}, ${attributeId}, name
      FROM unnest(${names}::text[]) WITH ORDINALITY AS given(name, position)
      ORDER BY position
      ON CONFLICT ("organizationId", "attributeId", "name") DO NOTHING
      RETURNING 1
    )
    UPDATE "Attribute" SET "updatedAt" = now()
    WHERE "id" = ${attributeId} AND EXISTS (SELECT 1 FROM added)`;
}

/** Creates the attribute in the project (default project when absent) or adds the options it lacks. */
export async function upsertAttribute(
  prisma: PrismaClient,
  organizationId: number,
  input: AttributeInput,
): Promise<{ attribute: AttributeView; created: boolean }> {
  return inTransaction(prisma, async (tx) => {
    const project = await resolveProject(tx, organizationId, input.projectId);
    const { id, created } = await upsertAttributeRow(tx, organizationId, project.id, input.name);
    if (created) {
      await lockOrganizationCountPrisma(tx, organizationId, "attributes");
      await refuseOverLimit(tx.attribute.count({ where: { organizationId } }), LIMITS.attributesPerOrganization, (limit) =>
        invalidInput(`Invalid field 'name': an organization has at most ${limit} attributes`),
      );
    }
    await addMissingOptions(tx, organizationId, id, [...new Set(input.options)]);
    await refuseOverLimit(tx.attributeOption.count({ where: { organizationId, attributeId: id } }), LIMITS.optionsPerAttribute, (limit) =>
      invalidInput(`Invalid field 'options': an attribute has at most ${limit} options`),
    );
    const attribute = await tx.attribute.findUniqueOrThrow({ where: { id }, include: attributeWithOptions });
    return { attribute, created };
  });
}

/** The attributes of one project of the organization (404 for another's), or of all its projects. */
export async function listAttributes(db: Db, organizationId: number, projectId?: number): Promise<AttributeView[]> {
  if (projectId !== undefined) await resolveProject(db, organizationId, projectId);
  return db.attribute.findMany({
    where: { organizationId, ...(projectId === undefined ? {} : { projectId }) },
    orderBy: { id: "asc" },
    include: attributeWithOptions,
  });
}
