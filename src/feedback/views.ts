import { Prisma } from "../../generated/prisma/client.ts";
import type { components } from "../api/schema.js";
import { feedbackJoins, feedbackJson, storedFeedbackOptions } from "../db/statements.ts";
import type { Db } from "../db/types.ts";

/** The Feedback object (2.5) with the thread, project and message it is on, its giver always there. */
export type FeedbackView = components["schemas"]["Feedback"] & { externalUser: components["schemas"]["ExternalUser"] };

/**
 * The Feedback objects of the rows `source` selects from "Feedback", newest first, in one
 * statement: PostgreSQL builds the JSON (the same as POST /api/external/feedback answers), every
 * subquery scoped to the organization.
 */
export async function loadFeedbackViews(db: Db, source: Prisma.Sql): Promise<FeedbackView[]> {
  const rows = await db.$queryRaw<{ feedback: FeedbackView }[]>`
    SELECT ${Prisma.raw(feedbackJson(storedFeedbackOptions))} AS "feedback"
    FROM (${source}) f ${Prisma.raw(feedbackJoins)}
    ORDER BY f."createdAt" DESC, f."id" DESC`;
  return rows.map((row) => row.feedback);
}

/**
 * What a public key's caller may see: of the giver, ids and times (no name, email, username or
 * segments); of the message, which one it is, not what it says.
 */
export function withoutPersonalData({ externalUser, message, ...feedback }: FeedbackView) {
  const { id, organizationId, externalId, createdAt, updatedAt } = externalUser;
  return {
    ...feedback,
    externalUser: { id, organizationId, externalId, createdAt, updatedAt, segments: [] as never[] },
    message: { externalId: message.externalId, role: message.role },
  };
}

export type PublicFeedbackView = ReturnType<typeof withoutPersonalData>;
