import { selectedOptionIds } from "../attributes/selection.ts";
import type { Database } from "../db/database.ts";
import type { JsonText } from "../db/json.ts";
import { conflict } from "../errors.ts";
import {
  CREATE_FEEDBACK,
  CREATE_FEEDBACK_BY_EXTERNAL_ID,
  CREATE_OR_REPLACE_FEEDBACK,
  CREATE_OR_REPLACE_FEEDBACK_BY_EXTERNAL_ID,
  FEEDBACK_OPTIONS,
} from "./sql.ts";
import { checkCovered, tokenGiver, type TokenGrant } from "../tokens/grant.ts";
import { saveUser, userByExternalId, type UserInput } from "../users/users.ts";
import { findFeedbackTarget, type TargetInput } from "./target.ts";
import type { FeedbackView, PublicFeedbackView } from "./views.ts";
import { outboxLease, type LocalWorker } from "../webhooks/handoff.ts";

export interface FeedbackInput extends TargetInput {
  feedbackType: "POSITIVE" | "NEGATIVE";
  feedbackText?: string;
  externalUser?: UserInput;
}

/**
 * Who votes: a private key (the organization's backend); a public key, which ships in browsers,
 * so that anyone may hold one and name anyone: it stores only the giver's externalId, never
 * replaces a vote, and its answer carries no personal data; or a feedback token (what it grants),
 * which votes only as its user on what it covers, is answered as a public key is, and replaces its
 * user's vote.
 */
export type FeedbackCaller = "private" | "public" | TokenGrant;

export const ALREADY_VOTED = "Conflict - this giver has already voted; a feedback token can change a vote";

/**
 * Create user feedback, all or nothing: every lookup that can refuse the request (thread, message,
 * attributes) runs before anything, the giver included, is written. A public key's vote writes in
 * one statement (it never replaces a vote, and its giver is written by the vote's statement), so it
 * runs without a transaction around it; the others' writes take one.
 * The vote's webhook deliveries go to `localWorker`, this instance's delivery worker, after commit.
 */
export async function createFeedback(
  { driver }: Pick<Database, "driver">,
  organizationId: number,
  caller: FeedbackCaller,
  asked: FeedbackInput,
  localWorker?: LocalWorker,
): Promise<{ feedback: JsonText<FeedbackView | PublicFeedbackView>; created: boolean }> {
  const grant = typeof caller === "object" ? caller : undefined;
  const publicAnswer = caller !== "private";
  const input = grant ? { ...asked, externalUser: tokenGiver(grant, asked.externalUser) } : asked;
  const unitOfWork = caller === "public" ? driver.autocommit : driver.transaction;
  return unitOfWork(async (tx) => {
    const target = await findFeedbackTarget(tx, organizationId, input);
    if (grant) checkCovered(grant, target);
    const optionIds = selectedOptionIds(input.attributes ?? {}, target.options);
    const { externalUser } = input;
    const { messageId, threadId, projectId } = target;
    const lease = outboxLease(tx, localWorker);
    const params = {
      organizationId,
      type: "feedback.created" as const,
      leaseMs: lease.leaseMs,
      messageId,
      threadId,
      projectId,
      feedbackType: input.feedbackType,
      feedbackText: input.feedbackText ?? null,
      optionIds,
      publicKey: publicAnswer,
    };
    const [byId, byExternalId] = caller === "public" ? [CREATE_FEEDBACK, CREATE_FEEDBACK_BY_EXTERNAL_ID] : [CREATE_OR_REPLACE_FEEDBACK, CREATE_OR_REPLACE_FEEDBACK_BY_EXTERNAL_ID];
    const voteBy = (userId: number) => tx.rows(byId, { ...params, userId });
    let [vote] = !externalUser
      ? await voteBy(target.threadUserId)
      : caller === "private"
        ? await voteBy((await saveUser(tx, organizationId, externalUser)).id)
        : // A public key's or a token's giver is found or created by the vote's own statement.
          await tx.rows(byExternalId, { ...params, giverExternalId: externalUser.externalId });
    if (!vote && externalUser && caller !== "private") {
      // No row: the giver has voted already (a public key's), or a concurrent call created the giver after the statement's snapshot.
      [vote] = await voteBy((await userByExternalId(tx, organizationId, externalUser.externalId)).id);
    }
    if (!vote) throw conflict(ALREADY_VOTED);
    lease.handOff(vote.deliveries);
    // A new vote has its Feedback object and its event from the vote's statement.
    if (vote.feedback) return { feedback: vote.feedback, created: true };
    const [replaced] = await tx.rows(FEEDBACK_OPTIONS, { organizationId, type: "feedback.updated", leaseMs: lease.leaseMs, feedbackId: vote.id, optionIds, publicKey: publicAnswer });
    lease.handOff(replaced!.deliveries);
    return { feedback: replaced!.feedback, created: false };
  });
}
