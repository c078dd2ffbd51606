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
