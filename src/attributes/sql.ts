// The statements of attributes and their options.
import type { IsoTimestamp } from "../db/json.ts";
import { isoTimestampText as iso } from "../db/sql.ts";
import { statement } from "../db/statement.ts";

/** The AttributeOptionSummary object of openapi.yaml: an option without its attribute. */
export interface AttributeOptionSummaryView {
  id: number;
  attributeId: number;
  name: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The Attribute object of openapi.yaml, with all its options. */
export interface AttributeView {
  id: number;
  organizationId: number;
  projectId: number;
  name: string;
  options: AttributeOptionSummaryView[];
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/**
 * The properties of the AttributeOptionSummary object of `AttributeOption ${alias}`, for a json_build_object;
 * with `attribute` (SQL), those of the AttributeOption object, in the order of its schema (as a serializer writes them).
 */
export const optionSummaryProperties = (alias: string, attribute?: string) =>
  `'id', ${alias}."id", 'attributeId', ${alias}."attributeId", 'name', ${alias}."name",${attribute === undefined ? "" : ` 'attribute', ${attribute},`}
   'createdAt', ${iso(`${alias}."createdAt"`)}, 'updatedAt', ${iso(`${alias}."updatedAt"`)}`;

/** The Attribute object of `Attribute a` with all its options in id order (`ao`), scoped to its organization; in the order of its schema. */
export const attributeJson = `json_build_object(
  'id', a."id", 'organizationId', a."organizationId", 'projectId', a."projectId", 'name', a."name",
  'options', COALESCE((SELECT json_agg(json_build_object(${optionSummaryProperties("ao")}) ORDER BY ao."id")
    FROM "AttributeOption" ao WHERE ao."organizationId" = a."organizationId" AND ao."attributeId" = a."id"), '[]'),
  'createdAt', ${iso('a."createdAt"')}, 'updatedAt', ${iso('a."updatedAt"')})`;

/**
 * Creates the attribute in the project (the organization's first when `projectId` is null) or finds
 * the existing one in one statement, so that concurrent calls meet on the unique key. The no-op
 * update locks the row until commit, so concurrent calls for one attribute add their options one
 * after the other. No row: the organization has no such project.
 */
export const UPSERT_ATTRIBUTE = statement<{ organizationId: number; projectId: number | null; name: string }, { id: number; created: boolean }>(
  "attribute_upsert",
  `
    WITH project AS (
      SELECT "id" FROM "Project" WHERE "organizationId" = :organizationId AND (:projectId::int IS NULL OR "id" = :projectId) ORDER BY "id" LIMIT 1
    )
    INSERT INTO "Attribute" ("organizationId", "projectId", "name")
    SELECT :organizationId, project."id", :name::text FROM project
    ON CONFLICT ("organizationId", "projectId", "name") DO UPDATE SET "name" = EXCLUDED."name"
    RETURNING "id", (xmax = 0) AS "created"`,
);

/** How many attributes the organization has, counted after LOCK_ORGANIZATION_COUNT. */
export const ATTRIBUTE_COUNT = statement<{ organizationId: number }, { count: number }>(
  "attribute_count",
  `SELECT count(*)::int AS "count" FROM "Attribute" WHERE "organizationId" = :organizationId`,
);

/** Adds the options the attribute lacks, in the order given (none is removed); marks it updated when it gained any. */
export const ADD_OPTIONS = statement<{ organizationId: number; attributeId: number; names: string[] }>(
  "attribute_add_options",
  `
    WITH added AS (
      INSERT INTO "AttributeOption" ("organizationId", "attributeId", "name")
      SELECT :organizationId, :attributeId, name
      FROM unnest(:names::text[]) WITH ORDINALITY AS given(name, position)
      ORDER BY position
      ON CONFLICT ("organizationId", "attributeId", "name") DO NOTHING
      RETURNING 1
    )
    UPDATE "Attribute" SET "updatedAt" = now()
    WHERE "id" = :attributeId AND EXISTS (SELECT 1 FROM added)`,
);

/** The Attribute object and how many options it has; a statement after ADD_OPTIONS, so that it sees them. */
export const ATTRIBUTE = statement<{ organizationId: number; attributeId: number }, { attribute: AttributeView; optionCount: number }>(
  "attribute",
  `
    SELECT ${attributeJson} AS "attribute",
      (SELECT count(*)::int FROM "AttributeOption" o WHERE o."organizationId" = a."organizationId" AND o."attributeId" = a."id") AS "optionCount"
    FROM "Attribute" a WHERE a."organizationId" = :organizationId AND a."id" = :attributeId`,
);

/**
 * The attributes of project `projectId` of the organization, or of all its projects when null, in id
 * order; `projectFound`: false when the organization has no such project.
 */
export const LIST_ATTRIBUTES = statement<{ organizationId: number; projectId: number | null }, { projectFound: boolean; attributes: AttributeView[] }>(
  "attribute_list",
  `
    SELECT (:projectId::int IS NULL OR EXISTS (
              SELECT 1 FROM "Project" p WHERE p."organizationId" = :organizationId AND p."id" = :projectId)) AS "projectFound",
      COALESCE((
        SELECT json_agg(${attributeJson} ORDER BY a."id") FROM "Attribute" a
        WHERE a."organizationId" = :organizationId AND (:projectId::int IS NULL OR a."projectId" = :projectId)), '[]') AS "attributes"`,
);
