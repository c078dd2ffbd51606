import type { Database } from "../db/database.ts";
import { inTransaction, type Db } from "../db/types.ts";
import { invalidInput, notFound } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { resolveProject } from "../projects/projects.ts";
import { saveUser, type UserInput } from "../users/users.ts";
import { loadThread, type ThreadView } from "./views.ts";

type JsonObject = Record<string, unknown>;

export interface MessageInput {
  role: string;
  content: string;
  type?: string;
  externalId?: string;
  metadata?: JsonObject;
  jsonContent?: JsonObject;
  createdAt?: string;
}

export interface ThreadInput {
  externalUser: UserInput;
  externalId?: string;
  projectId?: number;
  metadata?: JsonObject;
  intents?: string[];
  messages?: MessageInput[];
}

interface ThreadTarget {
  organizationId: number;
  projectId: number;
  userId: number;
}

/**
 * Creates the thread, or with an externalId already in the project, shallow-merges the
 * metadata into it: one statement, so concurrent ingests of one externalId create it once.
 */
async function upsertThreadRow(db: Db, target: ThreadTarget, input: ThreadInput) {
  const [row] = await db.$queryRaw<{ id: number; created: boolean }[]>`
    INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "metadata")
    VALUES (${target.organizationId}, ${target.projectId}, ${target.userId}, ${input.externalId ?? null},
            ${JSON.stringify(input.metadata ?? {})}::jsonb)
    ON CONFLICT ("organizationId", "projectId", "externalId") DO UPDATE SET
      "metadata" = "Thread"."metadata" || EXCLUDED."metadata",
      "updatedAt" = now()
    RETURNING "id", (xmax = 0) AS "created"`;
  return row!;
}

/** Stores the messages in arrival order; one whose externalId the thread already has is skipped. */
async function appendMessages(db: Db, organizationId: number, threadId: number, messages: MessageInput[]) {
  if (messages.length === 0) return;
  await db.message.createMany({
    skipDuplicates: true,
    data: messages.map((message) => ({
      organizationId,
      threadId,
      role: message.role,
      content: message.content,
      type: message.type,
      externalId: message.externalId ?? null,
      metadata: (message.metadata ?? {}) as object,
      ...(message.jsonContent === undefined ? {} : { jsonContent: message.jsonContent as object }),
      ...(message.createdAt === undefined ? {} : { createdAt: new Date(message.createdAt) }),
    })),
  });
}

/** Links the thread to the named intents of its project, creating unknown ones. */
async function linkIntents(db: Db, target: ThreadTarget, threadId: number, names: string[]) {
  if (names.length === 0) return;
  const sorted = [...new Set(names)].sort();
  await db.$executeRaw`
    WITH intents AS (
      INSERT INTO "Intent" ("organizationId", "projectId", "name")
      SELECT ${target.organizationId}, ${target.projectId}, name FROM unnest(${sorted}::text[]) AS name
      ON CONFLICT ("organizationId", "projectId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id"
    )
    INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
    SELECT ${target.organizationId}, ${threadId}, "id" FROM intents
    ON CONFLICT DO NOTHING`;
}

export type ThreadChangedHook = (db: Db, organizationId: number, threadId: number) => Promise<void>;

/**
 * Create Thread: creates the thread or appends to the one with the same externalId, in one
 * transaction. `onThreadChanged` runs inside it (the memory summary is kept current there).
 */
export async function ingestThread(
  { prisma, driver }: Pick<Database, "prisma" | "driver">,
  organizationId: number,
  input: ThreadInput,
  onThreadChanged?: ThreadChangedHook,
): Promise<{ thread: ThreadView; created: boolean }> {
  const { id, created } = await inTransaction(prisma, async (tx) => {
    const project = await resolveProject(tx, organizationId, input.projectId);
    const user = await saveUser(tx, organizationId, input.externalUser);
    const target = { organizationId, projectId: project.id, userId: user.id };
    const thread = await upsertThreadRow(tx, target, input);
    await appendMessages(tx, organizationId, thread.id, input.messages ?? []);
    await linkIntents(tx, target, thread.id, input.intents ?? []);
    if (input.intents?.length) {
      await refuseOverLimit(tx.threadIntent.count({ where: { organizationId, threadId: thread.id } }), LIMITS.intentsPerThread, (limit) =>
        invalidInput(`Invalid field 'intents': a thread has at most ${limit} intents`),
      );
    }
    await onThreadChanged?.(tx, organizationId, thread.id);
    return thread;
  });
  const thread = await loadThread(driver, organizationId, id);
  // Deleted meanwhile with its user, by a concurrent request: the 404 a later request would get.
  if (!thread) throw notFound("Thread not found");
  return { thread, created };
}
