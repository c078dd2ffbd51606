import { Prisma } from "../../generated/prisma/client.ts";
import type { components } from "../api/schema.js";
import { isoTimestamp as iso } from "../db/sql.ts";
import type { Db } from "../db/types.ts";

export type ProjectIntent = components["schemas"]["ProjectIntent"];

/**
 * The organization's intents, of one project when given (another organization's project, or
 * none, lists nothing), by name then id. Names compare byte by byte (COLLATE "C"), so that the
 * order is the same on every database whatever its locale.
 */
export function listIntents(db: Db, organizationId: number, projectId?: number): Promise<ProjectIntent[]> {
  const inProject = projectId === undefined ? Prisma.empty : Prisma.sql`AND "projectId" = ${projectId}`;
  return db.$queryRaw<ProjectIntent[]>`
    SELECT "id", "projectId", "name", ${iso('"createdAt"')} AS "createdAt"
    FROM "Intent"
    WHERE "organizationId" = ${organizationId} ${inProject}
    ORDER BY "name" COLLATE "C", "id"`;
}
