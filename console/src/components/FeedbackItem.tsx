import type { Feedback } from "../feedback.ts";
import { formatTime } from "../filters.ts";

export function FeedbackType({ feedback }: { feedback: Feedback }) {
  const positive = feedback.feedbackType === "POSITIVE";
  return <span class={`feedback-type ${positive ? "positive" : "negative"}`}>{positive ? "▲ Positive" : "▼ Negative"}</span>;
}

export const attributeLabels = (feedback: Feedback) => feedback.attributeOptions.map((option) => `${option.attribute.name}: ${option.name}`);

export const giverLabel = (feedback: Feedback) => (feedback.externalUser ? (feedback.externalUser.name ?? feedback.externalUser.externalId) : "");

/** One feedback under its message: type, text, attribute options and giver. */
export function FeedbackItem({ feedback }: { feedback: Feedback }) {
  return (
    <li data-feedback-id={feedback.id}>
      <FeedbackType feedback={feedback} />
      {feedback.feedbackText ? <q class="feedback-text">{feedback.feedbackText}</q> : null}
      {feedback.attributeOptions.length ? <span class="attributes"> · {attributeLabels(feedback).join(", ")}</span> : null}
      <span class="muted">
        {" "}
        · by {giverLabel(feedback)} · <time dateTime={feedback.createdAt}>{formatTime(feedback.createdAt)}</time>
      </span>
    </li>
  );
}
