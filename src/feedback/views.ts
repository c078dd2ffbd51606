import { Prisma } from "../../generated/prisma/client.ts";
import { feedbackJoins, feedbackJson, storedFeedbackOptions } from "./sql.ts";
import type { Db } from "../db/types.ts";
import type { MessageRole } from "../threads/views.ts";
import type { ExternalUserView, IsoTimestamp } from "../users/json.ts";

interface AttributeOptionSummary {
  id: number;
  attributeId: number;
  name: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The AttributeOption object with its full attribute and all of that attribute's options. */
interface AttributeOptionView extends AttributeOptionSummary {
  attribute: {
    id: number;
    organizationId: number;
    projectId: number;
    name: string;
    options: AttributeOptionSummary[];
    createdAt: IsoTimestamp;
    updatedAt: IsoTimestamp;
  };
}

/** The Feedback object with the thread, project and message it is on, its giver always there. */
export interface FeedbackView {
  id: number;
  feedbackType: string | null;
  feedbackText: string | null;
  threadId: number;
  threadExternalId: string | null;
  projectId: number;
  message: { externalId: string | null; role: MessageRole; content: string };
  attributeOptions: AttributeOptionView[];
  externalUser: ExternalUserView;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

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

/** The Feedback object as a public key's caller sees it (`feedbackJson`): no personal data. */
export interface PublicFeedbackView extends Omit<FeedbackView, "externalUser" | "message"> {
  externalUser: Pick<ExternalUserView, "id" | "organizationId" | "externalId" | "createdAt" | "updatedAt"> & { segments: never[] };
  message: Omit<FeedbackView["message"], "content">;
}
