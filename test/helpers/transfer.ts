import type { ServiceClient } from "../../client/src/index.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { exportOrganization, type ExportOptions } from "../../src/transfer/exporter.ts";
import type { ExportRecord } from "../../src/transfer/records.ts";
import { uniqueId } from "./app.ts";

/** The export file of `options`, as its lines. */
export async function exportLines(prisma: PrismaClient, options: ExportOptions): Promise<string[]> {
  let text = "";
  await exportOrganization(prisma, options, async (chunk) => {
    text += chunk;
  });
  return text.trimEnd().split("\n");
}

export const records = (lines: string[]) => lines.map((line) => JSON.parse(line) as ExportRecord);

/**
 * The records after the header with each ref (an internal id) replaced by its record's position
 * among those of its kind: what two exports of the same data have in common.
 */
export function exportContent(lines: string[]): object[] {
  const threads = new Map<number, number>();
  const messages = new Map<number, number>();
  const facts = new Map<number, number>();
  const position = (refs: Map<number, number>, ref: number) => refs.get(ref) ?? refs.set(ref, refs.size + 1).get(ref);
  return records(lines.slice(1)).map((record) => {
    switch (record.kind) {
      case "thread":
        return { ...record, ref: position(threads, record.ref), summaryMessage: record.summaryMessage && position(messages, record.summaryMessage) };
      case "message":
        return { ...record, ref: position(messages, record.ref), thread: position(threads, record.thread) };
      case "feedback":
        return { ...record, message: position(messages, record.message) };
      case "fact":
        return {
          ...record,
          ref: position(facts, record.ref),
          message: position(messages, record.message),
          supersededBy: record.supersededBy && position(facts, record.supersededBy),
        };
      default:
        return record;
    }
  });
}

/** Lines as the async iterable the importer reads. */
export async function* linesOf(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

/** The body of a successful call; throws with the status and body otherwise. */
async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as T;
}

/**
 * Data of every kind an export holds, made through the API in the client's organization: two
 * projects, users with segments, threads with intents, messages of each type, feedback with
 * attributes. Returns the second project's id and the users' external ids.
 */
export async function populateOrganization(api: ServiceClient, prisma: PrismaClient, organizationId: number) {
  const second = await prisma.project.create({ data: { organizationId, name: uniqueId("sales") } });
  const userIds = [uniqueId("ada"), uniqueId("bob")] as const;
  await ok(api.PUT("/api/external/users", { body: { externalId: userIds[0], name: "Ada", email: "ada@example.com", segments: { plan: "pro", region: "eu" } } }));
  await ok(api.PUT("/api/external/users", { body: { externalId: uniqueId("no-threads"), username: "lurker" } }));
  await ok(api.PUT("/api/external/attributes", { body: { name: "reason", options: ["outdated", "wrong", "rude"] } }));
  await ok(api.PUT("/api/external/attributes", { body: { projectId: second.id, name: "tone", options: ["friendly"] } }));
  await ok(
    api.POST("/api/external/threads", {
      body: {
        externalId: "chat-1",
        externalUser: { externalId: userIds[0] },
        intents: ["password-reset", "billing"],
        metadata: { channel: "web", nested: { a: [1, 2] } },
        messages: [
          { externalId: "m1", role: "user", content: "How do I reset my password?" },
          { externalId: "m2", role: "assistant", content: "Use the link on the **login** page.", metadata: { model: "x" } },
          { role: "tool", type: "json", content: "{}", jsonContent: { ok: true } },
        ],
      },
    }),
  );
  await ok(
    api.POST("/api/external/threads", {
      body: {
        externalUser: { externalId: userIds[1], segments: { plan: "free" } },
        projectId: second.id,
        messages: [{ role: "user", content: "A thread without an external id", type: "text", createdAt: "2024-02-29T12:00:00.000Z" }],
      },
    }),
  );
  await ok(api.POST("/api/external/threads", { body: { externalId: "empty", externalUser: { externalId: userIds[1] } } }));
  await ok(api.POST("/api/external/feedback", { body: { externalThreadId: "chat-1", feedbackType: "NEGATIVE", feedbackText: "old", attributes: { reason: "outdated" } } }));
  await ok(
    api.POST("/api/external/feedback", {
      body: { externalThreadId: "chat-1", externalMessageId: "m1", feedbackType: "POSITIVE", externalUser: { externalId: userIds[1] } },
    }),
  );
  return { secondProjectId: second.id, userIds };
}
