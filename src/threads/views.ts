import { Prisma } from "../../generated/prisma/client.ts";
import { isoTimestamp as iso } from "../db/sql.ts";
import type { Db } from "../db/types.ts";
import { externalUserJson, type ExternalUserView, type IsoTimestamp } from "../users/json.ts";

export type MessageRole = "user" | "assistant" | "system" | "tool";

/** The Message object. */
export interface MessageView {
  id: number;
  externalId: string | null;
  role: MessageRole;
  type: "markdown" | "text" | "json";
  content: string;
  metadata: Record<string, unknown>;
  jsonContent: Record<string, unknown> | null;
  createdAt: IsoTimestamp;
}

/** The Thread object of the contract, with its project, user, segments, intents and latest messages. */
export interface ThreadView {
  id: number;
  organizationId: number;
  externalId: string | null;
  metadata: Record<string, unknown>;
  project: { id: number; name: string };
  externalUser: ExternalUserView;
  intents: { id: number; name: string }[];
  messages: MessageView[];
  messageCount: number;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/**
 * A Thread object carries at most this many of its messages, the latest, so that no answer grows with the
 * thread: GET /api/external/threads/{threadId}/messages pages through all of them.
 */
export const THREAD_MESSAGE_LIMIT = 100;

/** The Message object of the contract, built by the database from the Message row aliased `m`. */
export const messageJson = Prisma.sql`json_build_object(
  'id', m."id", 'externalId', m."externalId", 'role', m."role", 'type', m."type", 'content', m."content",
  'metadata', m."metadata", 'jsonContent', m."jsonContent", 'createdAt', ${iso('m."createdAt"')})`;

/**
 * The threads with these ids, in the order given, each with its project, user, segments,
 * intents, latest messages (in arrival order) and message count: one query however many
 * threads there are. The database builds the JSON, which costs a fraction of assembling it from a query per relation;
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
        SELECT json_agg(latest."message" ORDER BY latest."id")
        FROM (
          SELECT m."id", ${messageJson} AS "message"
          FROM "Message" m
          WHERE m."organizationId" = ${organizationId} AND m."threadId" = t."id"
          ORDER BY m."id" DESC
          LIMIT ${THREAD_MESSAGE_LIMIT}
        ) latest), '[]'),
      'messageCount', (
        SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = ${organizationId} AND m."threadId" = t."id")
    ) AS "thread"
    FROM "Thread" t
    JOIN "Project" p ON p."id" = t."projectId"
    JOIN "ExternalUser" u ON u."id" = t."externalUserId"
    WHERE t."organizationId" = ${organizationId} AND t."id" = ANY(${ids}::int[])`;
  const byId = new Map(rows.map(({ thread }) => [thread.id, thread]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
