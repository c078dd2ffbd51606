import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { failoverWaitOf, retryingTransaction } from "./retries.ts";

/** The client or a transaction of it: domain functions accept either. */
export type Db = PrismaClient | Prisma.TransactionClient;

/**
 * One transaction, run again on conflicts and across a failover (retryingTransaction): `work` must
 * do nothing outside the database that cannot be repeated. Interactive transactions wait for their
 * turn (PGlite has a single connection, and a busy PostgreSQL pool queues), so the defaults of 2 s
 * to start and 5 s to run are too tight.
 */
export function inTransaction<T>(prisma: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return retryingTransaction(
    (attempt) =>
      prisma.$transaction(
        async (tx) => {
          const result = await work(tx);
          attempt.committing();
          return result;
        },
        { maxWait: 10_000, timeout: 20_000 },
      ),
    failoverWaitOf(prisma),
  );
}

const BULK_TRANSACTION_TIMEOUT_MS = 24 * 3600 * 1000;

/**
 * A transaction for work that takes as long as the data is big (export, import): no time limit on
 * it or its statements. `snapshot` reads one consistent state of the database throughout.
 */
export function inBulkTransaction<T>(
  prisma: PrismaClient,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  { snapshot = false } = {},
): Promise<T> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL statement_timeout = 0");
      return work(tx);
    },
    {
      maxWait: 10_000,
      timeout: BULK_TRANSACTION_TIMEOUT_MS,
      ...(snapshot ? { isolationLevel: "RepeatableRead" as const } : {}),
    },
  );
}
