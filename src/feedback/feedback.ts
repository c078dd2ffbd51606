import { selectedOptionIds } from "../attributes/selection.ts";
import type { Database } from "../db/database.ts";
import type { TransactionQueries } from "../db/driver.ts";
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

type RecordedFeedback = { feedback: JsonText<FeedbackView | PublicFeedbackView>; created: boolean };

/**
 * Create user feedback, all or nothing: every lookup that can refuse the request (thread, message,
 * attributes) runs before anything, the giver included, is written. A first vote by a public key or
 * a token writes in one statement (its giver is written by the vote's statement), so it runs without a
 * transaction around it (Driver.autocommit: two round trips instead of five); a token's vote that
 * replaces one (its options set after, by a second statement) and a private key's (the giver's upsert
 * first) take a transaction. The vote's webhook deliveries go to `localWorker`, this instance's
 * delivery worker, after commit.
 */
export async function createFeedback(
  { driver }: Pick<Database, "driver">,
  organizationId: number,
  caller: FeedbackCaller,
  asked: FeedbackInput,
  localWorker?: LocalWorker,
): Promise<RecordedFeedback> {
  const grant = typeof caller === "object" ? caller : undefined;
  const input = grant ? { ...asked, externalUser: tokenGiver(grant, asked.externalUser) } : asked;
  const voting = (replaces: boolean) => (tx: TransactionQueries) => vote(tx, organizationId, caller, input, replaces, localWorker);
  let recorded = caller === "private" ? await driver.transaction(voting(true)) : await driver.autocommit(voting(false));
  // No first vote: a token replaces the vote its user gave before (a public key never replaces one).
  if (!recorded && typeof caller === "object") recorded = await driver.transaction(voting(true));
  if (!recorded) throw conflict(ALREADY_VOTED);
  return recorded;
}

/** The vote, in `tx`; `replaces`: a vote the giver gave before is replaced, else it stays and there is no answer. */
async function vote(
  tx: TransactionQueries,
  organizationId: number,
  caller: FeedbackCaller,
  input: FeedbackInput,
  replaces: boolean,
  localWorker: LocalWorker | undefined,
): Promise<RecordedFeedback | undefined> {
  const target = await findFeedbackTarget(tx, organizationId, input);
  if (typeof caller === "object") checkCovered(caller, target);
  const publicAnswer = caller !== "private";
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
  const [byId, byExternalId] = replaces ? [CREATE_OR_REPLACE_FEEDBACK, CREATE_OR_REPLACE_FEEDBACK_BY_EXTERNAL_ID] : [CREATE_FEEDBACK, CREATE_FEEDBACK_BY_EXTERNAL_ID];
  const voteBy = (userId: number) => tx.rows(byId, { ...params, userId });
  let [row] = !externalUser
    ? await voteBy(target.threadUserId)
    : caller === "private"
      ? await voteBy((await saveUser(tx, organizationId, externalUser, "externalUser.segments")).id)
      : // A public key's or a token's giver is found or created by the vote's own statement.
        await tx.rows(byExternalId, { ...params, giverExternalId: externalUser.externalId });
  if (!row && externalUser && (replaces || caller === "public")) {
    // No row (never for a private key's upsert): the giver has voted already, or a concurrent call created the giver
    // after the statement's snapshot (a token's first try leaves both to the transaction that follows it).
    [row] = await voteBy((await userByExternalId(tx, organizationId, externalUser.externalId)).id);
  }
  if (!row) return undefined;
  lease.handOff(row.deliveries);
  // A new vote has its Feedback object and its event from the vote's statement.
  if (row.feedback) return { feedback: row.feedback, created: true };
  const [replaced] = await tx.rows(FEEDBACK_OPTIONS, { organizationId, type: "feedback.updated", leaseMs: lease.leaseMs, feedbackId: row.id, optionIds, publicKey: publicAnswer });
  lease.handOff(replaced!.deliveries);
  return { feedback: replaced!.feedback, created: false };
}
