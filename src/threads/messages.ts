import { notFound } from "../errors.ts";
import type { DriverQueries } from "../db/driver.ts";
import type { JsonText } from "../db/json.ts";
import type { PageRequest } from "./listing.ts";
import { MESSAGE, MESSAGE_PAGE } from "./sql.ts";
import type { MessagePage, MessageView } from "./views.ts";

/** One page of a thread's messages in arrival order and the number of all of them, as PostgreSQL wrote it; null when the organization has no such thread. */
export async function listThreadMessages(db: DriverQueries, organizationId: number, threadId: number, page: PageRequest): Promise<JsonText<MessagePage> | null> {
  const [found] = await db.rows(MESSAGE_PAGE, { organizationId, threadId, pageSize: page.pageSize, offset: page.pageSize * page.pageIndex });
  return found?.page ?? null;
}

/** One message whole; 404 when the organization has no such thread or the thread no such message. */
export async function findThreadMessage(db: DriverQueries, organizationId: number, threadId: number, messageId: number): Promise<MessageView> {
  const [found] = await db.rows(MESSAGE, { organizationId, threadId, messageId });
  if (!found) throw notFound("Thread not found");
  if (!found.message) throw notFound("Message not found");
  return found.message;
}
