import { Prisma } from "../../generated/prisma/client.ts";
import { isoTimestamp as iso } from "../db/sql.ts";
import type { Db } from "../db/types.ts";
import type { IsoTimestamp } from "../users/json.ts";

export interface ProjectIntent {
  id: number;
  projectId: number;
  name: string;
  createdAt: IsoTimestamp;
}

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
