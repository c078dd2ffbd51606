import { Prisma } from "../../generated/prisma/client.ts";
import { containsPattern, utcInstant } from "../db/sql.ts";

/** What the feedback listing and statistics filter on; every filter given must hold. */
export interface FeedbackFilters {
  projectId?: number;
  threadIds?: number[];
  /** External ids of the givers. */
  externalUserIds?: string[];
  feedbackType?: "POSITIVE" | "NEGATIVE";
  /** Feedback carrying any of these options. */
  attributeOptionIds?: number[];
  /** Case-insensitive substring of feedbackText. */
  search?: string;
  /** ISO 8601 date-times; both bounds are exclusive. */
  before?: string;
  after?: string;
}

/**
 * The conditions on `Feedback f`, every one scoped to the organization (subqueries included) so
 * that each can use an index leading with organizationId. Ids of another organization match
 * nothing, so they filter out instead of failing.
 */
export function feedbackConditions(organizationId: number, filters: FeedbackFilters): Prisma.Sql {
  const where = [Prisma.sql`f."organizationId" = ${organizationId}`];
  const { projectId, threadIds, externalUserIds, feedbackType, attributeOptionIds, search, before, after } = filters;
  if (projectId !== undefined) where.push(Prisma.sql`f."projectId" = ${projectId}`);
  if (threadIds?.length) where.push(Prisma.sql`f."threadId" = ANY(${threadIds}::int[])`);
  if (feedbackType !== undefined) where.push(Prisma.sql`f."feedbackType" = ${feedbackType}`);
  if (after !== undefined) where.push(Prisma.sql`f."createdAt" > ${utcInstant(after)}`);
  if (before !== undefined) where.push(Prisma.sql`f."createdAt" < ${utcInstant(before)}`);
  if (externalUserIds?.length) {
    where.push(Prisma.sql`f."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = ${organizationId} AND u."externalId" = ANY(${externalUserIds}::text[]))`);
  }
  if (attributeOptionIds?.length) {
    where.push(Prisma.sql`f."id" IN (
      SELECT fo."feedbackId" FROM "FeedbackOption" fo
      WHERE fo."organizationId" = ${organizationId} AND fo."attributeOptionId" = ANY(${attributeOptionIds}::int[]))`);
  }
  if (search !== undefined) where.push(Prisma.sql`f."feedbackText" ILIKE ${containsPattern(search)}`);
  return Prisma.join(where, " AND ");
}
