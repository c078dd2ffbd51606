import type { SqlRunner } from "./dataset.ts";
import { FEEDBACK_ATTRIBUTES, NEGATIVE_FEEDBACK_TEXTS, POSITIVE_FEEDBACK_TEXTS } from "./vocabulary.ts";

/** The attributes of FEEDBACK_ATTRIBUTES in every project, with their options. */
export async function seedAttributes(sql: SqlRunner, organizationId: number, projectIds: number[]): Promise<void> {
  const names = Object.keys(FEEDBACK_ATTRIBUTES);
  const pairs = names.flatMap((name) => FEEDBACK_ATTRIBUTES[name]!.map((option) => [name, option] as const));
  await sql.query(
    `INSERT INTO "Attribute" ("organizationId", "projectId", "name")
     SELECT $1, project, name FROM unnest($2::int[]) AS project, unnest($3::text[]) AS name
     ON CONFLICT ("organizationId", "projectId", "name") DO NOTHING`,
    [organizationId, projectIds, names],
  );
  await sql.query(
    `INSERT INTO "AttributeOption" ("organizationId", "attributeId", "name")
     SELECT $1, a."id", w.option FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS w(attribute, option, position)
     JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = ANY($2::int[]) AND a."name" = w.attribute
     ORDER BY a."id", w.position
     ON CONFLICT ("organizationId", "attributeId", "name") DO NOTHING`,
    [organizationId, projectIds, pairs.map(([name]) => name), pairs.map(([, option]) => option)],
  );
}

export interface FeedbackBatch {
  organizationId: number;
  userIds: number[];
  /** Later projects get a lower positive rate, so that groups differ. */
  projectIds: number[];
  /** Feedback to add; fewer only when the messages drawn have run out of givers who have not voted on them. */
  size: number;
  /**
   * Only messages with ids in this range: each batch reads a compact slice of the Message and Thread
   * heaps (and of Feedback's unique key) instead of random pages of all of them, and batches that run
   * side by side on ranges of their own never vote on the same message (they would wait on each
   * other's unique keys).
   */
  firstMessageId: number;
  lastMessageId: number;
}

/**
 * Feedback on random assistant messages of the organization in the batch's id range, with what real feedback looks like:
 * about 70 % positive (less in later projects), given mostly by the thread's own user and
 * otherwise by another one (every user holds segments), minutes to days after the message (so
 * spread over the threads' year), two in five with a text, and an attribute option on most
 * negative and some positive ones. One statement; returns how many feedback it added.
 */
export async function seedFeedbackBatch(sql: SqlRunner, batch: FeedbackBatch): Promise<number> {
  const [row] = await sql.query<{ added: number }>(
    `WITH drawn AS (
       SELECT m."id" AS "messageId", m."threadId", t."projectId", m."createdAt",
              CASE WHEN random() < 0.75 THEN t."externalUserId"
                   ELSE ($5::int[])[1 + floor(random() * cardinality($5::int[]))::int] END AS "giverId",
              array_position($8::int[], t."projectId") AS "projectRank"
       FROM "Message" m
       -- Bounded by the range's threads, so that no plan reads all of Thread (a hash join would at 1M messages).
       JOIN "Thread" t ON t."id" = m."threadId"
         AND t."id" BETWEEN (SELECT min("threadId") FROM "Message" WHERE "id" BETWEEN $3 AND $4)
                        AND (SELECT max("threadId") FROM "Message" WHERE "id" BETWEEN $3 AND $4)
       WHERE m."id" BETWEEN $3 AND $4 AND m."organizationId" = $1 AND m."role" = 'assistant'
     ), picked AS (
       -- Not a second vote of a giver on a message: the batch adds its size unless the draw runs out. A
       -- sample of the range: LIMIT keeps the first of a random order. Shuffled outside drawn: within it,
       -- PostgreSQL computes the sort key's random() once and reuses it for the giver's random() < 0.75,
       -- so LIMIT kept the thread's own user almost only.
       SELECT d.* FROM (SELECT * FROM drawn ORDER BY random()) d
       WHERE NOT EXISTS (SELECT 1 FROM "Feedback" f
                         WHERE f."organizationId" = $1 AND f."messageId" = d."messageId" AND f."externalUserId" = d."giverId"
                           -- Redundant, for the same reason: a hash anti join reads only the range's feedback.
                           AND f."messageId" BETWEEN $3 AND $4)
       LIMIT $2
     ), typed AS (
       SELECT p.*, CASE WHEN random() < 0.78 - 0.04 * p."projectRank" THEN 'POSITIVE' ELSE 'NEGATIVE' END AS "feedbackType"
       FROM picked p
     ), f AS (
       INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText",
                               "createdAt", "updatedAt")
       SELECT $1, x."messageId", x."threadId", x."projectId", x."giverId", x."feedbackType",
              CASE WHEN random() >= 0.4 THEN NULL
                   WHEN x."feedbackType" = 'POSITIVE' THEN ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int]
                   ELSE ($7::text[])[1 + floor(random() * cardinality($7::text[]))::int] END,
              stamp.at, stamp.at
       FROM typed x
       CROSS JOIN LATERAL (SELECT least(x."createdAt" + random() * random() * interval '3 days',
                                        now() AT TIME ZONE 'UTC') AS at) AS stamp
       ORDER BY stamp.at
       ON CONFLICT ("organizationId", "messageId", "externalUserId") DO NOTHING
       RETURNING "id", "projectId", "feedbackType"
     ), o AS (
       INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
       SELECT $1, f."id", chosen."id" FROM f
       CROSS JOIN LATERAL (
         SELECT ao."id" FROM "Attribute" a JOIN "AttributeOption" ao ON ao."organizationId" = $1 AND ao."attributeId" = a."id"
         WHERE a."organizationId" = $1 AND a."projectId" = f."projectId"
           AND a."name" = CASE WHEN f."feedbackType" = 'POSITIVE' THEN 'quality' ELSE 'reason' END
         ORDER BY power(random(), 0.5) * ao."id"
         LIMIT 1) AS chosen
       WHERE random() < CASE WHEN f."feedbackType" = 'POSITIVE' THEN 0.3 ELSE 0.65 END
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM f) AS added`,
    [
      batch.organizationId, batch.size, batch.firstMessageId, batch.lastMessageId, batch.userIds,
      POSITIVE_FEEDBACK_TEXTS, NEGATIVE_FEEDBACK_TEXTS, batch.projectIds,
    ],
  );
  return row!.added;
}

/** The range of the organization's message ids, or null when it has none. */
export async function messageIdRange(sql: SqlRunner, organizationId: number): Promise<{ first: number; last: number } | null> {
  const [row] = await sql.query<{ first: number | null; last: number | null }>(
    `SELECT min("id") AS first, max("id") AS last FROM "Message" WHERE "organizationId" = $1`,
    [organizationId],
  );
  return row?.first == null || row.last == null ? null : { first: row.first, last: row.last };
}
