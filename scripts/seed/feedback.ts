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
  /** The organization's message ids lie in this range. */
  firstMessageId: number;
  lastMessageId: number;
  /**
   * Only messages `firstMessageId + residue + k * stride`: batches that run side by side, each with
   * its own residue, never vote on the same message (they would wait on each other's unique keys).
   */
  stride: number;
  residue: number;
}

/**
 * Feedback on random assistant messages of the organization, with what real feedback looks like:
 * about 70 % positive (less in later projects), given mostly by the thread's own user and
 * otherwise by another one (every user holds segments), minutes to days after the message (so
 * spread over the threads' year), two in five with a text, and an attribute option on most
 * negative and some positive ones. One statement; returns how many feedback it added.
 */
export async function seedFeedbackBatch(sql: SqlRunner, batch: FeedbackBatch): Promise<number> {
  const [row] = await sql.query<{ added: number }>(
    `WITH candidates AS (
       SELECT DISTINCT $3::int + $10::int + $9::int * floor(random() * (($4::int - $3::int - $10::int) / $9::int + 1))::int AS id
       -- At least a thousand: a batch of a few would often draw only user messages or votes already given.
       FROM generate_series(1, greatest($2::int * 3, 1000))
     ), drawn AS (
       SELECT m."id" AS "messageId", m."threadId", t."projectId", m."createdAt",
              CASE WHEN random() < 0.75 THEN t."externalUserId"
                   ELSE ($5::int[])[1 + floor(random() * cardinality($5::int[]))::int] END AS "giverId",
              array_position($8::int[], t."projectId") AS "projectRank"
       FROM candidates c
       JOIN "Message" m ON m."id" = c.id AND m."organizationId" = $1 AND m."role" = 'assistant'
       JOIN "Thread" t ON t."id" = m."threadId"
       -- The joins return the candidates in id order: without the shuffle, LIMIT would keep the oldest.
       ORDER BY random()
     ), picked AS (
       -- Not a second vote of a giver on a message: the batch adds its size unless the draw runs out.
       SELECT d.* FROM drawn d
       WHERE NOT EXISTS (SELECT 1 FROM "Feedback" f
                         WHERE f."organizationId" = $1 AND f."messageId" = d."messageId" AND f."externalUserId" = d."giverId")
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
      POSITIVE_FEEDBACK_TEXTS, NEGATIVE_FEEDBACK_TEXTS, batch.projectIds, batch.stride, batch.residue,
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
