import type { PrismaClient } from "../../generated/prisma/client.ts";
import { resolveOptionIds } from "../attributes/selection.ts";
import { inTransaction, type Db } from "../db/types.ts";
import type { KeyKind } from "../keys/keys.ts";
import { saveNewUser, saveUser, type UserInput } from "../users/users.ts";
import { findFeedbackTarget, type TargetInput } from "./target.ts";
import { loadFeedback, withoutPersonalData, type FeedbackView, type PublicFeedbackView } from "./views.ts";

export interface FeedbackInput extends TargetInput {
  feedbackType: "POSITIVE" | "NEGATIVE";
  feedbackText?: string;
  externalUser?: UserInput;
  /** Attribute name to option name. */
  attributes?: Record<string, string>;
}

interface Vote {
  organizationId: number;
  messageId: number;
  threadId: number;
  projectId: number;
  giverId: number;
}

/**
 * One feedback per message per giver: the first vote inserts it, a later one replaces its type
 * and text. One statement on the unique key, so concurrent identical votes create it once.
 */
async function upsertFeedbackRow(db: Db, vote: Vote, input: FeedbackInput) {
  const [row] = await db.$queryRaw<{ id: number; created: boolean }[]>`
    INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
    VALUES (${vote.organizationId}, ${vote.messageId}, ${vote.threadId}, ${vote.projectId}, ${vote.giverId},
      ${input.feedbackType}, ${input.feedbackText ?? null})
    ON CONFLICT ("organizationId", "messageId", "externalUserId") DO UPDATE SET
      "feedbackType" = EXCLUDED."feedbackType",
      "feedbackText" = EXCLUDED."feedbackText",
      "updatedAt" = now()
    RETURNING "id", (xmax = 0) AS "created"`;
  return row!;
}

/** Makes the feedback's options exactly these; the feedback row's lock serializes concurrent votes. */
async function replaceOptions(db: Db, organizationId: number, feedbackId: number, optionIds: number[], created: boolean) {
  if (!created) {
    await db.$executeRaw`
      DELETE FROM "FeedbackOption"
      WHERE "organizationId" = ${organizationId} AND "feedbackId" = ${feedbackId}
        AND NOT ("attributeOptionId" = ANY(${optionIds}::int[]))`;
  }
  if (optionIds.length === 0) return;
  await db.$executeRaw`
    INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
    SELECT ${organizationId}, ${feedbackId}, option_id FROM unnest(${optionIds}::int[]) AS option_id
    ON CONFLICT DO NOTHING`;
}

/**
 * Create user feedback, all or nothing in one transaction: every lookup that can refuse the
 * request (thread, message, attributes) runs before anything, the giver included, is written.
 * A public key ships in browsers, so anyone may hold one: with it the giver is only created, never
 * changed, and the answer carries no personal data.
 */
export async function recordFeedback(
  prisma: PrismaClient,
  organizationId: number,
  keyKind: KeyKind,
  input: FeedbackInput,
): Promise<{ feedback: FeedbackView | PublicFeedbackView; created: boolean }> {
  const saveGiver = keyKind === "public" ? saveNewUser : saveUser;
  return inTransaction(prisma, async (tx) => {
    const target = await findFeedbackTarget(tx, organizationId, input);
    const optionIds = await resolveOptionIds(tx, organizationId, target.projectId, input.attributes ?? {});
    const giverId = input.externalUser ? (await saveGiver(tx, organizationId, input.externalUser)).id : target.threadUserId;
    const { messageId, threadId, projectId } = target;
    const { id, created } = await upsertFeedbackRow(tx, { organizationId, messageId, threadId, projectId, giverId }, input);
    await replaceOptions(tx, organizationId, id, optionIds, created);
    const feedback = await loadFeedback(tx, organizationId, id);
    return { feedback: keyKind === "public" ? withoutPersonalData(feedback) : feedback, created };
  });
}
