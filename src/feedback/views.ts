import type { AttributeOptionSummaryView, AttributeView } from "../attributes/sql.ts";
import type { MessageRole } from "../threads/views.ts";
import type { IsoTimestamp, Page } from "../db/json.ts";
import type { ExternalUserView } from "../users/json.ts";

/** The AttributeOption object with its full attribute and all of that attribute's options. */
interface AttributeOptionView extends AttributeOptionSummaryView {
  attribute: AttributeView;
}

/** The Feedback object with the thread, project and message it is on, its giver always there. */
export interface FeedbackView {
  id: number;
  feedbackType: string | null;
  feedbackText: string | null;
  threadId: number;
  threadExternalId: string | null;
  projectId: number;
  /** Its content cut to its first 2,000 characters (contentTruncated says so). */
  message: { externalId: string | null; role: MessageRole; content: string; contentTruncated: boolean };
  attributeOptions: AttributeOptionView[];
  externalUser: ExternalUserView;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The Feedback object as a public key's caller sees it (`feedbackJson`): no personal data. */
export interface PublicFeedbackView extends Omit<FeedbackView, "externalUser" | "message"> {
  externalUser: Pick<ExternalUserView, "id" | "organizationId" | "externalId" | "createdAt" | "updatedAt"> & { segments: never[] };
  message: Omit<FeedbackView["message"], "content" | "contentTruncated">;
}

/** The FeedbackPage object: one page of the listing and the number of all matching feedback. */
export type FeedbackPage = Page<FeedbackView>;
