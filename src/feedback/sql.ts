// The statements of feedback: what a vote is given on, the vote, and its options.
import type { AttributeOption, Feedback, Message, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "../db/driver.ts";
import { externalUserJson, publicExternalUserJson } from "../db/json.ts";
import { isoTimestampText as iso } from "../db/sql.ts";

/** The AttributeOption object of `AttributeOption o`: its full attribute `Attribute a`, with all its options. */
const attributeOptionJson = (() => {
  const summary = (alias: string) =>
    `'id', ${alias}."id", 'attributeId', ${alias}."attributeId", 'name', ${alias}."name",
     'createdAt', ${iso(`${alias}."createdAt"`)}, 'updatedAt', ${iso(`${alias}."updatedAt"`)}`;
  return `json_build_object(${summary("o")},
    'attribute', json_build_object(
      'id', a."id", 'organizationId', a."organizationId", 'projectId', a."projectId", 'name', a."name",
      'createdAt', ${iso('a."createdAt"')}, 'updatedAt', ${iso('a."updatedAt"')},
      'options', (SELECT json_agg(json_build_object(${summary("ao")}) ORDER BY ao."id")
        FROM "AttributeOption" ao WHERE ao."organizationId" = a."organizationId" AND ao."attributeId" = a."id")))`;
})();

/** Which message `Message m` is, as a Feedback object names it. */
const messageIdentity = `'externalId', m."externalId", 'role', m."role"`;

/**
 * The Feedback object of `Feedback f` (its message `m`, thread `t`, giver `u`), its options those
 * whose ids `optionIds` selects (a query on `f`); subqueries scoped to the feedback's organization.
 * Where `publicKey` (SQL, boolean) holds, what a public key's caller may see: of the giver, ids and
 * times (no name, email, username or segments); of the message, which one it is, not what it says.
 */
export const feedbackJson = (optionIds: string, publicKey = "false") => `json_build_object(
  'id', f."id", 'feedbackType', f."feedbackType", 'feedbackText', f."feedbackText",
  'createdAt', ${iso('f."createdAt"')}, 'updatedAt', ${iso('f."updatedAt"')},
  'threadId', f."threadId", 'threadExternalId', t."externalId", 'projectId', f."projectId",
  'message', CASE WHEN ${publicKey} THEN json_build_object(${messageIdentity})
                  ELSE json_build_object(${messageIdentity}, 'content', m."content") END,
  'attributeOptions', COALESCE((
    SELECT json_agg(${attributeOptionJson} ORDER BY o."id")
    FROM "AttributeOption" o
    JOIN "Attribute" a ON a."id" = o."attributeId"
    WHERE o."organizationId" = f."organizationId" AND o."id" IN (${optionIds})), '[]'),
  'externalUser', CASE WHEN ${publicKey} THEN ${publicExternalUserJson} ELSE ${externalUserJson} END)`;

/** The options a stored feedback carries, for `feedbackJson`. */
export const storedFeedbackOptions = `
  SELECT fo."attributeOptionId" FROM "FeedbackOption" fo WHERE fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"`;

/** The joins `feedbackJson` needs, after `FROM … f`. */
export const feedbackJoins = `
  JOIN "Message" m ON m."id" = f."messageId"
  JOIN "Thread" t ON t."id" = f."threadId"
  JOIN "ExternalUser" u ON u."id" = f."externalUserId"`;

export interface FeedbackTargetRow {
  threadId: Thread["id"];
  projectId: Thread["projectId"];
  threadUserId: Thread["externalUserId"];
  messageId: Message["id"] | null;
  messageExternalId: Message["externalId"];
  /** Attribute name to the id of the option named for it; null: the attribute has no such option; absent: no such attribute. */
  options: Record<string, AttributeOption["id"] | null>;
}

/**
 * What feedback is given on: the thread by externalId ($2, narrowed by projectId $3 when not null), its
 * message named $4 (when not null) or else its last one, and the option of each attribute named
 * ($5 attribute names, $6 option names, in the thread's project). At most two threads: more than one is a conflict.
 */
export const FEEDBACK_TARGET: Statement<FeedbackTargetRow> = {
  name: "feedback_target",
  text: `
    SELECT t."id" AS "threadId", t."projectId", t."externalUserId" AS "threadUserId", m."id" AS "messageId", m."externalId" AS "messageExternalId",
           (SELECT COALESCE(json_object_agg(a."name", o."id"), '{}')
            FROM unnest($5::text[], $6::text[]) AS wanted("attribute", "option")
            JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = t."projectId" AND a."name" = wanted."attribute"
            LEFT JOIN "AttributeOption" o
              ON o."organizationId" = $1 AND o."attributeId" = a."id" AND o."name" = wanted."option") AS "options"
    FROM "Thread" t
    LEFT JOIN LATERAL (
      SELECT m."id", m."externalId" FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND ($4::text IS NULL OR m."externalId" = $4)
      ORDER BY m."id" DESC
      LIMIT 1
    ) m ON true
    WHERE t."organizationId" = $1 AND t."externalId" = $2 AND ($3::int IS NULL OR t."projectId" = $3)
    LIMIT 2`,
};

export interface VoteRow {
  id: Feedback["id"];
  created: boolean;
  /** The Feedback object (JSON) of a new vote; null when the vote replaced an earlier one (FEEDBACK_OPTIONS answers then). */
  feedback: unknown;
}

/** Voting again: the vote's type and text are replaced (its options by FEEDBACK_OPTIONS). */
const REPLACE_VOTE = `DO UPDATE SET
  "feedbackType" = EXCLUDED."feedbackType", "feedbackText" = EXCLUDED."feedbackText", "updatedAt" = now()`;

/**
 * The vote, one per message per giver: the first inserts it, a later one, on the unique key, so that
 * concurrent identical votes create it once, either replaces its type and text (`onConflict`
 * REPLACE_VOTE) or leaves it and answers no row (DO NOTHING). A new vote gets its
 * options ($8) and its Feedback object in this same statement: no other transaction can have
 * given options to a row this one has just inserted, and the answer reads nothing this statement
 * wrote but the row it returns (so no plan scans "Feedback" or "FeedbackOption"). A replaced vote
 * answers `feedback: null`, for FEEDBACK_OPTIONS to set its options.
 * $1 organization, $2 message, $3 thread, $4 project, $5 giver, $6 type, $7 text, $8 option ids, $9 whether a public key asks.
 */
const vote = (name: string, onConflict: string): Statement<VoteRow> => ({
  name,
  text: `
    WITH f AS (
      INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT ("organizationId", "messageId", "externalUserId") ${onConflict}
      RETURNING *, (xmax = 0) AS "created"
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT $1, f."id", option_id FROM f, unnest($8::int[]) AS option_id
      WHERE f."created"
    )
    SELECT f."id", f."created", CASE WHEN f."created" THEN ${feedbackJson("SELECT unnest($8::int[])", "$9::boolean")} END AS "feedback"
    FROM f ${feedbackJoins}`,
});

/** A vote that creates the giver's vote on the message or replaces it. */
export const VOTE = vote("vote", REPLACE_VOTE);

/** A vote that only creates: no row when the giver already has a vote on the message (or a concurrent call gave it). */
export const FIRST_VOTE = vote("first_vote", "DO NOTHING");

/**
 * Makes the options of replaced vote $2 exactly $3 and answers with its Feedback object ($4: as a
 * public key sees it). A statement of its own after VOTE: holding the feedback row's lock since,
 * its snapshot sees every option a concurrent vote on the same feedback wrote. (Its own
 * subqueries do not see what its CTEs write: the answer's options are those it sets.)
 */
export const FEEDBACK_OPTIONS: Statement<{ feedback: unknown }> = {
  name: "feedback_options",
  text: `
    WITH removed AS (
      DELETE FROM "FeedbackOption"
      WHERE "organizationId" = $1 AND "feedbackId" = $2 AND NOT ("attributeOptionId" = ANY($3::int[]))
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT $1, $2, option_id FROM unnest($3::int[]) AS option_id
      ON CONFLICT DO NOTHING
    )
    SELECT ${feedbackJson("SELECT unnest($3::int[])", "$4::boolean")} AS "feedback"
    FROM "Feedback" f ${feedbackJoins}
    WHERE f."organizationId" = $1 AND f."id" = $2`,
};
