import { selectedOptionIds } from "../attributes/selection.ts";
import type { Database } from "../db/database.ts";
import { FEEDBACK_OPTIONS, VOTE } from "./sql.ts";
import type { KeyKind } from "../keys/keys.ts";
import { saveNewUser, saveUser, type UserInput } from "../users/users.ts";
import { findFeedbackTarget, type TargetInput } from "./target.ts";
import type { FeedbackView, PublicFeedbackView } from "./views.ts";
import { recordEvent } from "../webhooks/events.ts";

export interface FeedbackInput extends TargetInput {
  feedbackType: "POSITIVE" | "NEGATIVE";
  feedbackText?: string;
  externalUser?: UserInput;
}

/**
 * Create user feedback, all or nothing in one transaction: every lookup that can refuse the
 * request (thread, message, attributes) runs before anything, the giver included, is written.
 * A public key ships in browsers, so anyone may hold one: with it the giver is only created, never
 * changed, and the answer carries no personal data.
 */
export async function recordFeedback(
  { driver }: Pick<Database, "driver">,
  organizationId: number,
  keyKind: KeyKind,
  input: FeedbackInput,
): Promise<{ feedback: FeedbackView | PublicFeedbackView; created: boolean }> {
  const publicKey = keyKind === "public";
  const saveGiver = publicKey ? saveNewUser : saveUser;
  return driver.transaction(async (tx) => {
    const target = await findFeedbackTarget(tx, organizationId, input);
    const optionIds = selectedOptionIds(input.attributes ?? {}, target.options);
    const giverId = input.externalUser ? (await saveGiver(tx, organizationId, input.externalUser)).id : target.threadUserId;
    const { messageId, threadId, projectId } = target;
    const [vote] = await tx.rows(VOTE, [organizationId, messageId, threadId, projectId, giverId, input.feedbackType, input.feedbackText ?? null, optionIds, publicKey]);
    const feedback = vote!.created ? vote!.feedback : (await tx.rows(FEEDBACK_OPTIONS, [organizationId, vote!.id, optionIds, publicKey]))[0]!.feedback;
    const type = vote!.created ? "feedback.created" : "feedback.updated";
    await recordEvent(tx, organizationId, { type, feedbackId: vote!.id, data: publicKey ? undefined : feedback });
    return { feedback: feedback as FeedbackView | PublicFeedbackView, created: vote!.created };
  });
}
