import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../db/types.ts";

/** The memory lookup's answer (MemorySummary in openapi.yaml). */
export interface MemorySummary {
  userExternalId: string;
  threadId: number;
  threadExternalId: string | null;
  summary: string;
  createdAt: Date;
}

/**
 * One query: the user by its unique key, then the first entry of the partial index
 * Thread_memory_idx, which holds only threads with a non-empty summary, already in the order
 * wanted (latest createdAt, then highest id). No thread of the user is scanned beyond that one.
 */
export const memoryQuery = (organizationId: number, userExternalId: string) => Prisma.sql`
  SELECT u."externalId" AS "userExternalId", t."id" AS "threadId", t."externalId" AS "threadExternalId",
         t."summary", t."createdAt"
  FROM "ExternalUser" u
  CROSS JOIN LATERAL (
    SELECT "id", "externalId", "summary", "createdAt"
    FROM "Thread"
    WHERE "organizationId" = u."organizationId" AND "externalUserId" = u."id" AND "summary" <> ''
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT 1
  ) t
  WHERE u."organizationId" = ${organizationId} AND u."externalId" = ${userExternalId}`;

/** The memory of the user's most recent thread that has a summary; null when there is none or no such user. */
export async function findMemory(db: Db, organizationId: number, userExternalId: string): Promise<MemorySummary | null> {
  const [row] = await db.$queryRaw<MemorySummary[]>(memoryQuery(organizationId, userExternalId));
  return row ?? null;
}
