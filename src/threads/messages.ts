import { Prisma } from "../../generated/prisma/client.ts";
import { messageJson } from "../db/json.ts";
import type { Db } from "../db/types.ts";
import type { PageRequest } from "./listing.ts";
import type { MessageView } from "./views.ts";

export interface MessagePage {
  count: number;
  /** Always true: the thread's messages are always counted whole. */
  countExact: boolean;
  rows: MessageView[];
}

/**
 * One page of a thread's messages in arrival order and the number of all of them, in one query;
 * null when the organization has no such thread. Both walk the (organizationId, threadId, id) index.
 */
export async function listThreadMessages(db: Db, organizationId: number, threadId: number, page: PageRequest): Promise<MessagePage | null> {
  const [found] = await db.$queryRaw<MessagePage[]>`
    SELECT
      (SELECT count(*)::int FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id") AS "count",
      true AS "countExact",
      COALESCE((
        SELECT json_agg(paged."message" ORDER BY paged."id")
        FROM (
          SELECT m."id", ${Prisma.raw(messageJson)} AS "message"
          FROM "Message" m
          WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
          ORDER BY m."id"
          LIMIT ${page.pageSize} OFFSET ${page.pageSize * page.pageIndex}
        ) paged), '[]') AS "rows"
    FROM "Thread" t
    WHERE t."organizationId" = ${organizationId} AND t."id" = ${threadId}`;
  return found ?? null;
}
