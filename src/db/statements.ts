// Every statement the hot paths run on the driver (./driver.ts), with the types of their rows
// derived from the models of prisma/schema.prisma. The JSON objects of the API are built by
// PostgreSQL, in the order of the properties of their openapi.yaml schemas (the order the
// answers had when Fastify serialized them), from fragments that take the organization from the
// row they are built for, so that the same text serves every statement that embeds them.
import type { ExternalUser, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "./driver.ts";
import { containsPattern, isoTimestampText as iso } from "./sql.ts";

/** A timestamp as the statements write it: ISO 8601 in UTC with milliseconds, as JSON.stringify(Date) does. */
export type IsoTimestamp = string;

/** The Segment object of `Segment s` with its type `SegmentType st`. */
export const segmentJson = `json_build_object(
  'id', s."id", 'organizationId', s."organizationId", 'name', s."name", 'userSegmentTypeId', s."userSegmentTypeId",
  'createdAt', ${iso('s."createdAt"')}, 'updatedAt', ${iso('s."updatedAt"')},
  'type', json_build_object(
    'id', st."id", 'organizationId', st."organizationId", 'name', st."name",
    'createdAt', ${iso('st."createdAt"')}, 'updatedAt', ${iso('st."updatedAt"')}))`;

/** The ExternalUser object of `ExternalUser u` with its segments, ordered by type. */
export const externalUserJson = `json_build_object(
  'id', u."id", 'organizationId', u."organizationId", 'externalId', u."externalId",
  'segments', COALESCE((
    SELECT json_agg(${segmentJson} ORDER BY us."userSegmentTypeId")
    FROM "UserSegment" us
    JOIN "Segment" s ON s."id" = us."segmentId"
    JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
    WHERE us."organizationId" = u."organizationId" AND us."externalUserId" = u."id"), '[]'),
  'createdAt', ${iso('u."createdAt"')}, 'updatedAt', ${iso('u."updatedAt"')},
  'name', u."name", 'email', u."email", 'username', u."username")`;

/** The Message object of `Message m`. */
export const messageJson = `json_build_object(
  'id', m."id", 'role', m."role", 'metadata', m."metadata", 'externalId', m."externalId", 'type', m."type",
  'content', m."content", 'jsonContent', m."jsonContent", 'createdAt', ${iso('m."createdAt"')})`;

/** A Thread object carries at most this many of its messages, the latest (decisions.md, "Bounded answers"). */
export const THREAD_MESSAGE_LIMIT = 100;

/**
 * The Thread object of `Thread t` (its project `p`, its user `u`) with its latest messages in
 * arrival order and their count; every subquery walks an index leading with the organization.
 */
const threadJson = `json_build_object(
  'id', t."id", 'organizationId', t."organizationId",
  'project', json_build_object('id', p."id", 'name', p."name"),
  'messages', COALESCE((
    SELECT json_agg(latest."message" ORDER BY latest."id")
    FROM (
      SELECT m."id", ${messageJson} AS "message"
      FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
      ORDER BY m."id" DESC
      LIMIT ${THREAD_MESSAGE_LIMIT}) latest), '[]'),
  'messageCount', (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"),
  'metadata', t."metadata", 'createdAt', ${iso('t."createdAt"')}, 'updatedAt', ${iso('t."updatedAt"')},
  'externalId', t."externalId",
  'externalUser', ${externalUserJson},
  'intents', COALESCE((
    SELECT json_agg(json_build_object('id', i."id", 'name', i."name") ORDER BY ti."intentId")
    FROM "ThreadIntent" ti JOIN "Intent" i ON i."id" = ti."intentId"
    WHERE ti."organizationId" = t."organizationId" AND ti."threadId" = t."id"), '[]'))`;

/** The joins `threadJson` needs, after `FROM … t`. */
const threadJoins = `JOIN "Project" p ON p."id" = t."projectId" JOIN "ExternalUser" u ON u."id" = t."externalUserId"`;

/**
 * $1 organization, $2 thread id: the Thread object, built by PostgreSQL (JSON, as the view types of
 * src/threads/ describe it); no row when the organization has no such thread.
 */
export const THREAD: Statement<{ thread: unknown }> = {
  name: "thread",
  text: `SELECT ${threadJson} AS "thread" FROM "Thread" t ${threadJoins} WHERE t."organizationId" = $1 AND t."id" = $2`,
};

/** The memory lookup's answer (section 2.1 of the specification). */
export interface MemoryRow {
  userExternalId: ExternalUser["externalId"];
  threadId: Thread["id"];
  threadExternalId: Thread["externalId"];
  summary: Thread["summary"];
  createdAt: IsoTimestamp;
}

/**
 * $1 organization, $2 the user's externalId: the user by its unique key, then the first entry of
 * the partial index Thread_memory_idx, which holds only threads with a non-empty summary, already
 * in the order wanted (latest createdAt, then highest id). No thread of the user is scanned beyond that one.
 */
export const MEMORY: Statement<MemoryRow> = {
  name: "memory",
  text: `
    SELECT u."externalId" AS "userExternalId", t."id" AS "threadId", t."externalId" AS "threadExternalId",
           t."summary", ${iso('t."createdAt"')} AS "createdAt"
    FROM "ExternalUser" u
    CROSS JOIN LATERAL (
      SELECT "id", "externalId", "summary", "createdAt"
      FROM "Thread"
      WHERE "organizationId" = u."organizationId" AND "externalUserId" = u."id" AND "summary" <> ''
      ORDER BY "createdAt" DESC, "id" DESC
      LIMIT 1
    ) t
    WHERE u."organizationId" = $1 AND u."externalId" = $2`,
};

/** Filters of the thread listing, each a condition on `Thread t` with its values from $2 on ($1 is the organization). */
export interface ThreadFilters {
  ids?: number[];
  externalUserIds?: string[];
  intentIds?: number[];
  userSegmentIds?: number[];
  search?: string;
  userSearch?: string;
  projectId?: number;
  /** ISO 8601 date-times; both bounds are exclusive. */
  before?: string;
  after?: string;
}

type Condition = (value: (parameter: unknown) => string) => string;

/**
 * Every condition is scoped to the organization, subqueries included, so that each one can use
 * an index leading with organizationId. Sets of threads or users are written as `IN (subquery)`
 * so that the planner can start from the smaller side; the search terms go to the trigram
 * indexes through ILIKE. Listed in a fixed order: a set of filters always makes the same text.
 */
const THREAD_CONDITIONS: { [Name in keyof Required<ThreadFilters>]: (given: Required<ThreadFilters>[Name]) => Condition } = {
  ids: (ids) => (value) => `t."id" = ANY(${value(ids)}::int[])`,
  projectId: (projectId) => (value) => `t."projectId" = ${value(projectId)}::int`,
  after: (after) => (value) => `t."createdAt" > (${value(after)}::timestamptz AT TIME ZONE 'UTC')`,
  before: (before) => (value) => `t."createdAt" < (${value(before)}::timestamptz AT TIME ZONE 'UTC')`,
  externalUserIds: (externalIds) => (value) => `t."externalUserId" IN (
    SELECT u."id" FROM "ExternalUser" u WHERE u."organizationId" = $1 AND u."externalId" = ANY(${value(externalIds)}::text[]))`,
  userSegmentIds: (segmentIds) => (value) => `t."externalUserId" IN (
    SELECT us."externalUserId" FROM "UserSegment" us
    WHERE us."organizationId" = $1 AND us."segmentId" = ANY(${value(segmentIds)}::int[]))`,
  intentIds: (intentIds) => (value) => `t."id" IN (
    SELECT ti."threadId" FROM "ThreadIntent" ti WHERE ti."organizationId" = $1 AND ti."intentId" = ANY(${value(intentIds)}::int[]))`,
  userSearch: (term) => (value) => {
    const pattern = value(containsPattern(term));
    return `t."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = $1
        AND (u."externalId" ILIKE ${pattern} OR u."name" ILIKE ${pattern} OR u."email" ILIKE ${pattern} OR u."username" ILIKE ${pattern}))`;
  },
  // A UNION rather than an OR: each side is one trigram index scan, and the planner can then
  // join the few matching threads instead of testing every thread of the organization.
  search: (term) => (value) => {
    const pattern = value(containsPattern(term));
    return `t."id" IN (
      SELECT s."id" FROM "Thread" s WHERE s."organizationId" = $1 AND s."externalId" ILIKE ${pattern}
      UNION
      SELECT m."threadId" FROM "Message" m WHERE m."organizationId" = $1 AND m."content" ILIKE ${pattern})`;
  },
};

/** `ThreadFilters` without empty lists: what decides the statement. */
function givenFilters(filters: ThreadFilters): [keyof ThreadFilters, unknown][] {
  return (Object.keys(THREAD_CONDITIONS) as (keyof ThreadFilters)[]).flatMap((name) => {
    const given = filters[name];
    return given === undefined || (Array.isArray(given) && given.length === 0) ? [] : [[name, given]];
  });
}

export interface ThreadListing {
  /** $1 organization, then the filters' values. */
  count: Statement<{ count: number }>;
  /** The page's Thread objects, as one JSON array; the count's values, then page size and offset. */
  page: Statement<{ rows: unknown }>;
  values: unknown[];
}

/**
 * The thread listing's two statements for these filters: the count of all matching threads and
 * the page's Thread objects, newest first (createdAt, then id, descending). Each set of filters
 * has its own pair of names, so that each is prepared with a plan for its own shape; the search
 * terms' statements are left unnamed, since a plan made for one term can be far off for another.
 */
export function threadListing(organizationId: number, filters: ThreadFilters): ThreadListing {
  const values: unknown[] = [organizationId];
  const value = (parameter: unknown) => `$${values.push(parameter)}`;
  const given = givenFilters(filters);
  const where = [`t."organizationId" = $1`, ...given.map(([name, filter]) => THREAD_CONDITIONS[name](filter as never)(value))].join(" AND ");
  const shape = given.map(([name]) => name).join(",");
  const named = !given.some(([name]) => name === "search" || name === "userSearch");
  const name = (kind: string) => (named ? `threads_${kind}:${shape}` : "");
  return {
    count: { name: name("count"), text: `SELECT count(*)::int AS "count" FROM "Thread" t WHERE ${where}` },
    page: {
      name: name("page"),
      text: `
        SELECT COALESCE(json_agg(${threadJson} ORDER BY t."createdAt" DESC, t."id" DESC), '[]') AS "rows"
        FROM (
          SELECT t.* FROM "Thread" t WHERE ${where}
          ORDER BY t."createdAt" DESC, t."id" DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}) t
        ${threadJoins}`,
    },
    values,
  };
}
