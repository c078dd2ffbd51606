import type { Prisma } from "../../generated/prisma/client.ts";
import { attributeWithOptions, optionSummary } from "../attributes/attributes.ts";
import type { Db } from "../db/types.ts";
import { toUserView, userWithSegments } from "../users/users.ts";

const feedbackWithEverything = {
  options: {
    orderBy: { attributeOptionId: "asc" },
    select: { option: { select: { ...optionSummary, attribute: { include: attributeWithOptions } } } },
  },
  user: { include: userWithSegments },
} satisfies Prisma.FeedbackInclude;

type FeedbackRow = Prisma.FeedbackGetPayload<{ include: typeof feedbackWithEverything }>;

/** The Feedback object: each option with its full attribute, and the giver with their segments. */
function toFeedbackView(row: FeedbackRow) {
  return {
    id: row.id,
    feedbackType: row.feedbackType,
    feedbackText: row.feedbackText,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    attributeOptions: row.options.map((link) => link.option),
    externalUser: toUserView(row.user),
  };
}

export type FeedbackView = ReturnType<typeof toFeedbackView>;

/** One feedback with everything it shows: a fixed number of queries however many options it has. */
export async function loadFeedback(db: Db, organizationId: number, id: number): Promise<FeedbackView> {
  const row = await db.feedback.findFirstOrThrow({ where: { organizationId, id }, include: feedbackWithEverything });
  return toFeedbackView(row);
}

/** What a public key's caller may see of the giver: ids and times, no name, email, username or segments. */
export function withoutPersonalData({ externalUser, ...feedback }: FeedbackView) {
  const { id, organizationId, externalId, createdAt, updatedAt } = externalUser;
  return { ...feedback, externalUser: { id, organizationId, externalId, createdAt, updatedAt, segments: [] as never[] } };
}

export type PublicFeedbackView = ReturnType<typeof withoutPersonalData>;
