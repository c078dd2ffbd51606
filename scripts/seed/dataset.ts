import {
  ASSISTANT_SENTENCES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  INTENT_NAMES,
  LAST_NAMES,
  PROJECT_NAMES,
  RARE_WORD,
  RARE_WORD_THREADS,
  SEGMENTS,
  USER_SENTENCES,
} from "./vocabulary.ts";

/** One connection (pg.Client or PGlite): session settings stay in effect between statements. */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** The organization's first `count` projects, creating the missing ones. */
export async function seedProjects(sql: SqlRunner, organizationId: number, count: number): Promise<number[]> {
  const names = Array.from({ length: count }, (_, index) => PROJECT_NAMES[index] ?? `project-${index + 1}`);
  await sql.query(
    `INSERT INTO "Project" ("organizationId", "name") SELECT $1, name FROM unnest($2::text[]) AS name
     ON CONFLICT ("organizationId", "name") DO NOTHING`,
    [organizationId, names],
  );
  const rows = await sql.query<{ id: number }>(
    `SELECT "id" FROM "Project" WHERE "organizationId" = $1 ORDER BY "id" LIMIT $2`,
    [organizationId, count],
  );
  return rows.map((row) => row.id);
}

export async function seedIntents(sql: SqlRunner, organizationId: number, projectIds: number[]): Promise<void> {
  await sql.query(
    `INSERT INTO "Intent" ("organizationId", "projectId", "name")
     SELECT $1, project, name FROM unnest($2::int[]) AS project, unnest($3::text[]) AS name
     ON CONFLICT ("organizationId", "projectId", "name") DO NOTHING`,
    [organizationId, projectIds, INTENT_NAMES],
  );
}

/**
 * `count` users `user-000001`… with names, emails and usernames, each holding one segment of
 * every type; returns the ids of the organization's first `count` users.
 */
export async function seedUsers(sql: SqlRunner, organizationId: number, count: number): Promise<number[]> {
  await sql.query(
    `INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username", "createdAt", "updatedAt")
     SELECT $1, 'user-' || lpad(i::text, 6, '0'), f || ' ' || l,
            lower(f) || '.' || lower(l) || i || '@' || d, lower(f) || '_' || lower(l) || i, ts, ts
     FROM generate_series(1, $2::int) AS i
     CROSS JOIN LATERAL (SELECT
       ($3::text[])[1 + i % cardinality($3::text[])] AS f,
       ($4::text[])[1 + (i / cardinality($3::text[])) % cardinality($4::text[])] AS l,
       ($5::text[])[1 + i % cardinality($5::text[])] AS d,
       now() - interval '500 days' + i * interval '7 minutes' AS ts) AS x
     ON CONFLICT ("organizationId", "externalId") DO NOTHING`,
    [organizationId, count, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS],
  );
  const types = Object.keys(SEGMENTS);
  const pairs = types.flatMap((type) => SEGMENTS[type]!.map((name) => [type, name] as const));
  await sql.query(
    `INSERT INTO "SegmentType" ("organizationId", "name") SELECT $1, name FROM unnest($2::text[]) AS name
     ON CONFLICT ("organizationId", "name") DO NOTHING`,
    [organizationId, types],
  );
  await sql.query(
    `INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
     SELECT $1, st."id", w.name FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS w(type, name, position)
     JOIN "SegmentType" st ON st."organizationId" = $1 AND st."name" = w.type
     ORDER BY w.position
     ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO NOTHING`,
    [organizationId, pairs.map(([type]) => type), pairs.map(([, name]) => name)],
  );
  const users = await sql.query<{ id: number }>(
    `SELECT "id" FROM "ExternalUser" WHERE "organizationId" = $1 ORDER BY "id" LIMIT $2`,
    [organizationId, count],
  );
  const userIds = users.map((row) => row.id);
  // Skewed like real plans: the first segment of each type is the most common.
  await sql.query(
    `INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
     SELECT $1, u.id, st."id", s.ids[1 + floor(cardinality(s.ids) * power(random(), 1.8))::int]
     FROM unnest($2::int[]) AS u(id)
     CROSS JOIN "SegmentType" st
     CROSS JOIN LATERAL (
       SELECT array_agg(s."id" ORDER BY s."id") AS ids FROM "Segment" s
       WHERE s."organizationId" = $1 AND s."userSegmentTypeId" = st."id") AS s
     WHERE st."organizationId" = $1 AND st."name" = ANY($3::text[])
     ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO NOTHING`,
    [organizationId, userIds, types],
  );
  return userIds;
}

export interface ThreadBatch {
  organizationId: number;
  userIds: number[];
  projectIds: number[];
  /** Thread numbers `first`..`last`; thread n is created `n * stepMs` after `start`. */
  first: number;
  last: number;
  /** The rare word goes into the threads whose number is a multiple of this. */
  rareWordEvery: number;
  start: Date;
  stepMs: number;
  messagesPerThread: number;
}

/**
 * Threads first..last with their messages (alternating user and assistant, in arrival order),
 * their search documents and zero to two intents each, in one statement. Busy users and the first
 * projects get more threads; message counts vary around messagesPerThread and average to it. The
 * document is what `Message_search_appended` (0010_search_document) would append, built here since
 * the seed loads without triggers (withoutTriggers): one write of each thread instead of an insert and an update.
 */
export async function seedThreadBatch(sql: SqlRunner, batch: ThreadBatch): Promise<{ threads: number; messages: number }> {
  const spread = Math.min(4, batch.messagesPerThread - 1);
  const [row] = await sql.query<{ threads: number; messages: number }>(
    `WITH numbered AS MATERIALIZED (
       SELECT g, ($2::int[])[1 + floor(cardinality($2::int[]) * power(random(), 1.3))::int] AS "projectId",
              ($3::int[])[1 + floor(cardinality($3::int[]) * power(random(), 1.5))::int] AS "externalUserId",
              ($6::timestamptz AT TIME ZONE 'UTC') + g * $7::float8 * interval '1 millisecond'
                + floor(random() * 600) * interval '1 second' AS ts,
              $8::int + g % (2 * $9::int + 1) - $9::int AS n
       FROM generate_series($4::int, $5::int) AS g
     ), written AS MATERIALIZED (
       SELECT x.g, j,
              CASE WHEN j % 2 = 0 THEN ($10::text[])[1 + floor(random() * cardinality($10::text[]))::int]
                   ELSE ($11::text[])[1 + floor(random() * cardinality($11::text[]))::int] || ' '
                     || ($11::text[])[1 + floor(random() * cardinality($11::text[]))::int] END
              || CASE WHEN random() < 0.3 THEN ' Ref #' || (100000 + floor(random() * 900000))::int ELSE '' END
              || CASE WHEN j = 1 AND x.g % $12::int = 0 THEN ' The code word is ' || $13::text || '.' ELSE '' END AS content
       FROM numbered x CROSS JOIN LATERAL generate_series(0, x.n - 1) AS j
     ), t AS (
       INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "metadata", "createdAt", "updatedAt", "searchText")
       SELECT $1, x."projectId", x."externalUserId",
              'conv-' || repeat('0', 7 - length(x.g::text)) || x.g,
              jsonb_build_object('channel', (ARRAY['web', 'mobile', 'api', 'email'])[1 + x.g % 4],
                                 'locale', (ARRAY['en-US', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'])[1 + x.g % 5]),
              x.ts, x.ts + $8::int * interval '37 seconds',
              CASE WHEN d."length" <= 100000 THEN d."text" END
       FROM numbered x
       JOIN (SELECT g, sum(length(content) + 1) AS "length", string_agg(E'\n' || lower(content), '' ORDER BY j) AS "text"
             FROM written GROUP BY g) d ON d.g = x.g
       ORDER BY x.g
       -- g, the thread's number, is the digits of its externalId.
       RETURNING "id", "projectId", "createdAt", substring("externalId" FROM 6)::int AS g, "searchText" IS NULL AS "outsideDocument"
     ), m AS (
       INSERT INTO "Message" ("organizationId", "threadId", "externalId", "role", "type", "content", "metadata", "createdAt", "outsideDocument")
       SELECT $1, t."id", 'msg-' || w.j, CASE WHEN w.j % 2 = 0 THEN 'user' ELSE 'assistant' END, 'markdown', w.content,
              CASE WHEN w.j % 2 = 0 THEN '{}'::jsonb
                   ELSE jsonb_build_object('model', 'assistant-v2', 'latencyMs', 200 + floor(random() * 1800)::int) END,
              t."createdAt" + w.j * interval '37 seconds', t."outsideDocument"
       FROM t JOIN written w ON w.g = t.g
       ORDER BY t."id", w.j
       RETURNING 1
     ), ti AS (
       INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
       SELECT $1, t."id", i."id" FROM t
       CROSS JOIN LATERAL (
         SELECT i."id" FROM "Intent" i WHERE i."organizationId" = $1 AND i."projectId" = t."projectId"
         ORDER BY md5(i."id" || ':' || t."id") LIMIT t."id" % 3) AS i
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM t) AS threads, (SELECT count(*)::int FROM m) AS messages`,
    [
      batch.organizationId, batch.projectIds, batch.userIds, batch.first, batch.last, batch.start.toISOString(),
      batch.stepMs, batch.messagesPerThread, spread, USER_SENTENCES, ASSISTANT_SENTENCES, batch.rareWordEvery, RARE_WORD,
    ],
  );
  return row!;
}

/** Thread numbers continue after the organization's existing threads, so that a second run adds. */
export async function threadCount(sql: SqlRunner, organizationId: number): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM "Thread" WHERE "organizationId" = $1`,
    [organizationId],
  );
  return row!.count;
}
