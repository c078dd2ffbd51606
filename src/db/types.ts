import { setTimeout as sleep } from "node:timers/promises";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { isTransientConflict, isVanishedReference } from "./failures.ts";

/** The client or a transaction of it: domain functions accept either. */
export type Db = PrismaClient | Prisma.TransactionClient;

export const MAX_TRANSACTION_ATTEMPTS = 5;
const RETRY_BASE_DELAY_MS = 10;

/**
 * Runs the whole transaction again when PostgreSQL says to (a deadlock or serialization failure),
 * or when a row it refers to was deleted meanwhile (23503): run again, its lookups see the row gone
 * and answer the 404 the request would have got a moment later. At most MAX_TRANSACTION_ATTEMPTS
 * runs, waiting a random time up to 20, 40, 80, … ms in between so that the contenders spread out.
 */
export async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const retry = isTransientConflict(error) || isVanishedReference(error);
      if (!retry || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error;
      await sleep(Math.random() * RETRY_BASE_DELAY_MS * 2 ** attempt);
    }
  }
}

/**
 * One transaction, run again on conflicts (retryingConflicts): `work` must do nothing outside the
 * database that cannot be repeated. Interactive transactions wait for their turn (PGlite has a
 * single connection, and a busy PostgreSQL pool queues), so the defaults of 2 s to start and 5 s to
 * run are too tight.
 */
export function inTransaction<T>(prisma: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return retryingConflicts(() => prisma.$transaction(work, { maxWait: 10_000, timeout: 20_000 }));
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
