import type { components } from "../api/schema.js";
import { isoTimestamp as iso } from "../db/sql.ts";
import type { Db } from "../db/types.ts";
import { externalUserJson } from "../users/json.ts";

/** The Thread object of the contract (section 2.8), with its project, user, segments, intents and messages. */
export type ThreadView = components["schemas"]["Thread"];

/**
 * The threads with these ids, in the order given, each with its project, user, segments,
 * intents and messages (in arrival order): one query however many threads there are. The
 * database builds the JSON, which costs a fraction of assembling it from a query per relation;
 * every subquery is scoped to the organization so that it uses an index leading with it.
 */
export async function loadThreads(db: Db, organizationId: number, ids: number[]): Promise<ThreadView[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ thread: ThreadView }[]>`
    SELECT json_build_object(
      'id', t."id", 'organizationId', t."organizationId", 'externalId', t."externalId", 'metadata', t."metadata",
      'createdAt', ${iso('t."createdAt"')}, 'updatedAt', ${iso('t."updatedAt"')},
      'project', json_build_object('id', p."id", 'name', p."name"),
      'externalUser', ${externalUserJson(organizationId)},
      'intents', COALESCE((
        SELECT json_agg(json_build_object('id', i."id", 'name', i."name") ORDER BY ti."intentId")
        FROM "ThreadIntent" ti JOIN "Intent" i ON i."id" = ti."intentId"
        WHERE ti."organizationId" = ${organizationId} AND ti."threadId" = t."id"), '[]'),
      'messages', COALESCE((
        SELECT json_agg(json_build_object(
          'id', m."id", 'externalId', m."externalId", 'role', m."role", 'type', m."type", 'content', m."content",
          'metadata', m."metadata", 'jsonContent', m."jsonContent", 'createdAt', ${iso('m."createdAt"')}
        ) ORDER BY m."id")
        FROM "Message" m
        WHERE m."organizationId" = ${organizationId} AND m."threadId" = t."id"), '[]')
    ) AS "thread"
    FROM "Thread" t
    JOIN "Project" p ON p."id" = t."projectId"
    JOIN "ExternalUser" u ON u."id" = t."externalUserId"
    WHERE t."organizationId" = ${organizationId} AND t."id" = ANY(${ids}::int[])`;
  const byId = new Map(rows.map(({ thread }) => [thread.id, thread]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
