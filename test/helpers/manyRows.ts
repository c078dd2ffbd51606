// More than 10,000 matching rows in a few bulk statements (decisions.md "Counting large searches").
import type { TestService } from "./app.ts";

/** Threads 1-10,000 carry `<marker>-in-<5 digits>` as externalId, thread 10,001 `<marker>-out-10001`: a search can match 10,001, exactly 10,000 or one. */
export const MANY = 10_001;

/**
 * MANY threads of user `userId` in the service's organization, in one INSERT … SELECT
 * generate_series; thread i created at 2024-01-01 plus i seconds.
 */
export async function seedManyThreads({ org, database }: TestService, marker: string, userId: number): Promise<void> {
  await database.prisma.$executeRaw`
    INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId", "createdAt")
    SELECT ${org.organizationId}, ${org.projectId}, ${userId},
           ${marker} || CASE WHEN i <= 10000 THEN '-in-' ELSE '-out-' END || lpad(i::text, 5, '0'),
           timestamp '2024-01-01' + i * interval '1 second'
    FROM generate_series(1, ${MANY}) AS i`;
}

/**
 * MANY messages on thread `threadId`, each voted POSITIVE by user `userId`, in two statements:
 * votes 1-10,000 say `<marker> in <5 digits>`, vote 10,001 `<marker> out 10001`; vote i given at 2024-01-01 plus i seconds.
 */
export async function seedManyVotes({ org, database }: TestService, marker: string, threadId: number, userId: number): Promise<void> {
  const { prisma } = database;
  await prisma.$executeRaw`
    INSERT INTO "Message" ("organizationId", "threadId", "role", "content", "externalId", "createdAt")
    SELECT ${org.organizationId}, ${threadId}, 'assistant', 'answer ' || i, 'many-' || lpad(i::text, 5, '0'), timestamp '2024-01-01' + i * interval '1 second'
    FROM generate_series(1, ${MANY}) AS i`;
  await prisma.$executeRaw`
    INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText", "createdAt")
    SELECT m."organizationId", m."id", m."threadId", ${org.projectId}, ${userId}, 'POSITIVE',
           ${marker} || CASE WHEN substr(m."externalId", 6)::int <= 10000 THEN ' in ' ELSE ' out ' END || substr(m."externalId", 6),
           m."createdAt"
    FROM "Message" m WHERE m."organizationId" = ${org.organizationId} AND m."threadId" = ${threadId} AND m."externalId" LIKE 'many-%'`;
}
