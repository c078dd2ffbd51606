import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../db/types.ts";
import { toUserView, userWithSegments } from "../users/users.ts";

const threadWithEverything = {
  project: { select: { id: true, name: true } },
  user: { include: userWithSegments },
  messages: { orderBy: { id: "asc" } },
  intents: { orderBy: { intentId: "asc" }, include: { intent: { select: { id: true, name: true } } } },
} satisfies Prisma.ThreadInclude;

type ThreadRow = Prisma.ThreadGetPayload<{ include: typeof threadWithEverything }>;

type JsonObject = Record<string, unknown>;

/** JSON columns hold objects only: the contract admits nothing else into them. */
function toThreadView({ user, intents, messages, metadata, ...thread }: ThreadRow) {
  return {
    ...thread,
    metadata: metadata as JsonObject,
    externalUser: toUserView(user),
    intents: intents.map((link) => link.intent),
    messages: messages.map((message) => ({
      ...message,
      metadata: message.metadata as JsonObject,
      jsonContent: message.jsonContent as JsonObject | null,
    })),
  };
}

export type ThreadView = ReturnType<typeof toThreadView>;

/**
 * The threads with these ids, in the order given, each with its project, user, segments,
 * intents and messages: a fixed number of queries however many threads there are.
 */
export async function loadThreads(db: Db, organizationId: number, ids: number[]): Promise<ThreadView[]> {
  const rows = await db.thread.findMany({ where: { organizationId, id: { in: ids } }, include: threadWithEverything });
  const byId = new Map(rows.map((row) => [row.id, toThreadView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
