import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { isoTimestamp as iso } from "../db/sql.ts";
import { inBulkTransaction, type Db } from "../db/types.ts";
import { notFound } from "../errors.ts";
import { projectNotFound } from "../projects/projects.ts";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  emptyCounts,
  type Counts,
  type ExportRecord,
  type FactRecord,
  type FeedbackRecord,
  type ForgottenRecord,
  type MessageRecord,
  type ThreadRecord,
  type UserRecord,
} from "./records.ts";

export interface ExportOptions {
  organizationId: number;
  /** Only this project's threads, intents and attributes. */
  projectId?: number;
  /** Only threads created at or after this time. */
  since?: Date;
}

export interface ExportProgress {
  /** How many messages the export holds, before the first is written. */
  start(messages: number): void;
  /** Messages written so far. */
  update(messages: number): void;
}

/** Rows a query fetches at once: what the export holds in memory, whatever the data's size. */
const PAGE_SIZE = { users: 1_000, threads: 200, messages: 2_000, feedback: 2_000, facts: 2_000 };
/** Text gathered before it is handed to `write`. */
const CHUNK_CHARS = 1 << 20;

type Sql = Prisma.Sql;

/** The threads the export covers, as conditions on the `Thread` alias t. */
function threadConditions({ organizationId, projectId, since }: ExportOptions): Sql {
  const conditions = [Prisma.sql`t."organizationId" = ${organizationId}`];
  if (projectId !== undefined) conditions.push(Prisma.sql`t."projectId" = ${projectId}`);
  if (since !== undefined) conditions.push(Prisma.sql`t."createdAt" >= (${since.toISOString()}::timestamptz AT TIME ZONE 'UTC')`);
  return Prisma.join(conditions, " AND ");
}

/** Users: all of the organization's, or with a filter those the exported threads and feedback name. */
function userConditions(options: ExportOptions): Sql {
  const all = Prisma.sql`u."organizationId" = ${options.organizationId}`;
  if (options.projectId === undefined && options.since === undefined) return all;
  const threads = threadConditions(options);
  return Prisma.sql`${all} AND (
    EXISTS (SELECT 1 FROM "Thread" t WHERE ${threads} AND t."externalUserId" = u."id")
    OR EXISTS (
      SELECT 1 FROM "Feedback" f
      JOIN "Message" m ON m."id" = f."messageId"
      JOIN "Thread" t ON t."id" = m."threadId"
      WHERE f."organizationId" = ${options.organizationId} AND f."externalUserId" = u."id" AND ${threads}))`;
}

/** A query's rows in pages ordered by a key, each page starting after the last row of the one before. */
async function* pages<Row, Key>(first: Key, page: (after: Key) => Promise<Row[]>, keyOf: (row: Row) => Key, size: number): AsyncGenerator<Row[]> {
  let after = first;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** A query's rows, fetched a page at a time. */
async function* rowsOf<Row>(rowPages: AsyncGenerator<Row[]>): AsyncGenerator<Row> {
  for await (const rows of rowPages) yield* rows;
}

/** The text of the records, written in chunks, and how many of each kind were written. */
class RecordWriter {
  readonly counts = emptyCounts();
  private chunk = "";

  constructor(private readonly write: (text: string) => Promise<void>) {}

  async add(record: ExportRecord): Promise<void> {
    if (record.kind !== "header" && record.kind !== "end") this.counts[record.kind] += 1;
    this.chunk += `${JSON.stringify(record)}\n`;
    if (this.chunk.length >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.chunk === "") return;
    const text = this.chunk;
    this.chunk = "";
    await this.write(text);
  }
}

async function writeCatalogues(tx: Db, options: ExportOptions, out: RecordWriter): Promise<void> {
  const { organizationId } = options;
  const project = options.projectId === undefined ? Prisma.empty : Prisma.sql`AND p."id" = ${options.projectId}`;
  const catalogues: Sql[] = [
    Prisma.sql`SELECT 'project' AS kind, p."name", ${iso('p."createdAt"')} AS "createdAt", ${iso('p."updatedAt"')} AS "updatedAt"
      FROM "Project" p WHERE p."organizationId" = ${organizationId} ${project} ORDER BY p."id"`,
    Prisma.sql`SELECT 'segmentType' AS kind, st."name", ${iso('st."createdAt"')} AS "createdAt", ${iso('st."updatedAt"')} AS "updatedAt"
      FROM "SegmentType" st WHERE st."organizationId" = ${organizationId} ORDER BY st."id"`,
    Prisma.sql`SELECT 'segment' AS kind, st."name" AS "type", s."name", ${iso('s."createdAt"')} AS "createdAt", ${iso('s."updatedAt"')} AS "updatedAt"
      FROM "Segment" s JOIN "SegmentType" st ON st."id" = s."userSegmentTypeId"
      WHERE s."organizationId" = ${organizationId} ORDER BY s."id"`,
    Prisma.sql`SELECT 'intent' AS kind, p."name" AS "project", i."name", ${iso('i."createdAt"')} AS "createdAt", ${iso('i."updatedAt"')} AS "updatedAt"
      FROM "Intent" i JOIN "Project" p ON p."id" = i."projectId"
      WHERE i."organizationId" = ${organizationId} ${project} ORDER BY i."id"`,
    Prisma.sql`SELECT 'attribute' AS kind, p."name" AS "project", a."name",
        COALESCE((SELECT json_agg(json_build_object('name', o."name", 'createdAt', ${iso('o."createdAt"')}, 'updatedAt', ${iso('o."updatedAt"')}) ORDER BY o."id")
          FROM "AttributeOption" o WHERE o."organizationId" = ${organizationId} AND o."attributeId" = a."id"), '[]') AS "options",
        ${iso('a."createdAt"')} AS "createdAt", ${iso('a."updatedAt"')} AS "updatedAt"
      FROM "Attribute" a JOIN "Project" p ON p."id" = a."projectId"
      WHERE a."organizationId" = ${organizationId} ${project} ORDER BY a."id"`,
  ];
  for (const query of catalogues) {
    for (const record of await tx.$queryRaw<ExportRecord[]>(query)) await out.add(record);
  }
}

async function writeUsers(tx: Db, options: ExportOptions, out: RecordWriter): Promise<void> {
  const { organizationId } = options;
  const conditions = userConditions(options);
  const users = rowsOf(pages(
    0,
    (after) => tx.$queryRaw<(UserRecord & { id: number })[]>`
      SELECT u."id", 'user' AS kind, u."externalId", u."name", u."email", u."username",
        COALESCE((SELECT jsonb_object_agg(st."name", s."name")
          FROM "UserSegment" us JOIN "Segment" s ON s."id" = us."segmentId" JOIN "SegmentType" st ON st."id" = us."userSegmentTypeId"
          WHERE us."organizationId" = ${organizationId} AND us."externalUserId" = u."id"), '{}') AS "segments",
        ${iso('u."createdAt"')} AS "createdAt", ${iso('u."updatedAt"')} AS "updatedAt"
      FROM "ExternalUser" u WHERE ${conditions} AND u."id" > ${after} ORDER BY u."id" LIMIT ${PAGE_SIZE.users}`,
    (user) => user.id,
    PAGE_SIZE.users,
  ));
  for await (const { id, ...user } of users) await out.add(user);
}

/** A page of threads, then their messages, then the feedback on those messages. */
async function writeThreadPage(tx: Db, organizationId: number, threads: ThreadRecord[], out: RecordWriter, progress?: ExportProgress) {
  const ids = threads.map((thread) => thread.ref);
  for (const thread of threads) await out.add(thread);

  const messages = rowsOf(pages<MessageRecord, [number, number]>(
    [0, 0],
    ([afterThread, afterMessage]) => tx.$queryRaw<MessageRecord[]>`
      SELECT 'message' AS kind, m."id" AS "ref", m."threadId" AS "thread", m."externalId", m."role", m."type", m."content",
        m."jsonContent", m."metadata", ${iso('m."createdAt"')} AS "createdAt", m."language"
      FROM "Message" m
      WHERE m."organizationId" = ${organizationId} AND m."threadId" = ANY(${ids}::int[])
        AND (m."threadId", m."id") > (${afterThread}::int, ${afterMessage}::int)
      ORDER BY m."threadId", m."id" LIMIT ${PAGE_SIZE.messages}`,
    (message) => [message.thread, message.ref],
    PAGE_SIZE.messages,
  ));
  for await (const message of messages) {
    await out.add(message);
    if (out.counts.message % PAGE_SIZE.messages === 0) progress?.update(out.counts.message);
  }

  const feedback = rowsOf(pages(
    0,
    (after) => tx.$queryRaw<(FeedbackRecord & { id: number })[]>`
      SELECT f."id", 'feedback' AS kind, f."messageId" AS "message", u."externalId" AS "user", f."feedbackType", f."feedbackText",
        COALESCE((SELECT jsonb_object_agg(a."name", o."name")
          FROM "FeedbackOption" fo JOIN "AttributeOption" o ON o."id" = fo."attributeOptionId" JOIN "Attribute" a ON a."id" = o."attributeId"
          WHERE fo."organizationId" = ${organizationId} AND fo."feedbackId" = f."id"), '{}') AS "attributes",
        ${iso('f."createdAt"')} AS "createdAt", ${iso('f."updatedAt"')} AS "updatedAt"
      FROM "Feedback" f
      JOIN "Message" m ON m."id" = f."messageId"
      JOIN "ExternalUser" u ON u."id" = f."externalUserId"
      WHERE f."organizationId" = ${organizationId} AND m."organizationId" = ${organizationId}
        AND m."threadId" = ANY(${ids}::int[]) AND f."id" > ${after}
      ORDER BY f."id" LIMIT ${PAGE_SIZE.feedback}`,
    (row) => row.id,
    PAGE_SIZE.feedback,
  ));
  for await (const { id, ...row } of feedback) await out.add(row);
}

async function writeThreads(tx: Db, options: ExportOptions, out: RecordWriter, progress?: ExportProgress): Promise<void> {
  const { organizationId } = options;
  const conditions = threadConditions(options);
  const [{ messages }] = await tx.$queryRaw<[{ messages: number }]>`
    SELECT count(*)::int AS "messages" FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
    WHERE m."organizationId" = ${organizationId} AND ${conditions}`;
  progress?.start(messages);

  const threadPages = pages(
    0,
    (after) => tx.$queryRaw<ThreadRecord[]>`
      SELECT 'thread' AS kind, t."id" AS "ref", p."name" AS "project", t."externalId", u."externalId" AS "user", t."metadata",
        COALESCE((SELECT json_agg(i."name" ORDER BY ti."intentId")
          FROM "ThreadIntent" ti JOIN "Intent" i ON i."id" = ti."intentId"
          WHERE ti."organizationId" = ${organizationId} AND ti."threadId" = t."id"), '[]') AS "intents",
        t."summary", t."summaryMessageId" AS "summaryMessage", ${iso('t."summaryUpdatedAt"')} AS "summaryUpdatedAt",
        ${iso('t."createdAt"')} AS "createdAt", ${iso('t."updatedAt"')} AS "updatedAt"
      FROM "Thread" t
      JOIN "Project" p ON p."id" = t."projectId"
      JOIN "ExternalUser" u ON u."id" = t."externalUserId"
      WHERE ${conditions} AND t."id" > ${after}
      ORDER BY t."id" LIMIT ${PAGE_SIZE.threads}`,
    (thread) => thread.ref,
    PAGE_SIZE.threads,
  );
  for await (const threads of threadPages) await writeThreadPage(tx, organizationId, threads, out, progress);
  progress?.update(out.counts.message);
}

/**
 * The facts stated in the exported threads, each superseded by a fact the file holds (or by none),
 * then the statements the exported users asked to forget.
 */
async function writeFacts(tx: Db, options: ExportOptions, out: RecordWriter): Promise<void> {
  const conditions = threadConditions(options);
  const facts = rowsOf(pages(
    0,
    (after) => tx.$queryRaw<FactRecord[]>`
      SELECT 'fact' AS kind, f."id" AS "ref", u."externalId" AS "user", f."messageId" AS "message", f."subject", f."text",
        ${iso('f."statedAt"')} AS "statedAt", CASE WHEN f."invalidAt" IS NULL THEN NULL ELSE ${iso('f."invalidAt"')} END AS "invalidAt",
        (SELECT s."id" FROM "Fact" s JOIN "Thread" t ON t."id" = s."threadId" WHERE s."id" = f."supersededById" AND ${conditions}) AS "supersededBy",
        ${iso('f."createdAt"')} AS "createdAt"
      FROM "Fact" f
      JOIN "Thread" t ON t."id" = f."threadId"
      JOIN "ExternalUser" u ON u."id" = f."externalUserId"
      WHERE f."organizationId" = ${options.organizationId} AND ${conditions} AND f."id" > ${after}
      ORDER BY f."id" LIMIT ${PAGE_SIZE.facts}`,
    (fact) => fact.ref,
    PAGE_SIZE.facts,
  ));
  for await (const fact of facts) await out.add(fact);

  const users = userConditions(options);
  const forgotten = rowsOf(pages<ForgottenRecord & { userId: number }, [number, string, string]>(
    [0, "", ""],
    ([afterUser, afterSubject, afterStatement]) => tx.$queryRaw<(ForgottenRecord & { userId: number })[]>`
      SELECT u."id" AS "userId", 'forgotten' AS kind, u."externalId" AS "user", g."subject", g."statement", ${iso('g."forgottenAt"')} AS "forgottenAt"
      FROM "FactForgotten" g JOIN "ExternalUser" u ON u."id" = g."externalUserId"
      WHERE g."organizationId" = ${options.organizationId} AND ${users}
        AND (g."externalUserId", g."subject", g."statement") > (${afterUser}::int, ${afterSubject}::text, ${afterStatement}::text)
      ORDER BY g."externalUserId", g."subject", g."statement" LIMIT ${PAGE_SIZE.facts}`,
    (row) => [row.userId, row.subject, row.statement],
    PAGE_SIZE.facts,
  ));
  for await (const { userId, ...row } of forgotten) await out.add(row);
}

/**
 * Writes the organization's data (or one project's, or the threads since a time) as export
 * records, all read from one snapshot of the database, a page at a time. Returns the counts.
 */
export function exportOrganization(
  prisma: PrismaClient,
  options: ExportOptions,
  write: (text: string) => Promise<void>,
  progress?: ExportProgress,
): Promise<Counts> {
  return inBulkTransaction(
    prisma,
    async (tx) => {
      const organization = await tx.organization.findUnique({ where: { id: options.organizationId }, select: { id: true, name: true } });
      if (!organization) throw notFound(`Organization ${options.organizationId} not found`);
      if (options.projectId !== undefined) {
        const project = await tx.project.count({ where: { id: options.projectId, organizationId: organization.id } });
        if (project === 0) throw projectNotFound();
      }
      const out = new RecordWriter(write);
      await out.add({
        kind: "header",
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        organization,
        filter: { projectId: options.projectId ?? null, since: options.since?.toISOString() ?? null },
      });
      await writeCatalogues(tx, options, out);
      await writeUsers(tx, options, out);
      await writeThreads(tx, options, out, progress);
      await writeFacts(tx, options, out);
      await out.add({ kind: "end", counts: out.counts });
      await out.flush();
      return out.counts;
    },
    { snapshot: true },
  );
}
