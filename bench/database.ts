import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { queriesOn } from "../src/db/driver.ts";
import { compactFeedbackCounts } from "../src/feedback/compaction.ts";
import { compactThreadCounts } from "../src/threads/compaction.ts";

async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops and recreates the database: every run starts from the same state. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  return `${serverUrl}/${name}`;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}

/**
 * Moves every delta of the daily counts into the counts (as the service's compaction does), waiting out one the service
 * runs meanwhile: a round that starts with none leaves the service's compaction its own round's writes alone, never the
 * deltas of the baseline's round or of the reset's deletes (the baseline compacts nothing).
 */
export async function settleCounts(db: pg.Client): Promise<void> {
  const queries = queriesOn(db);
  for (;;) {
    await compactFeedbackCounts(queries);
    await compactThreadCounts(queries);
    const { rows } = await db.query<{ left: boolean }>(`SELECT EXISTS (SELECT FROM "FeedbackCountDelta") OR EXISTS (SELECT FROM "ThreadCountDelta") AS "left"`);
    if (!rows[0]!.left) return;
    await sleep(100);
  }
}
