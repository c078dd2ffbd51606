import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";

/** The client or a transaction of it: domain functions accept either. */
export type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Interactive transactions wait for their turn (PGlite has a single connection, and a busy
 * PostgreSQL pool queues), so the defaults of 2 s to start and 5 s to run are too tight.
 */
export function inTransaction<T>(prisma: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(work, { maxWait: 10_000, timeout: 20_000 });
}
