import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Database } from "../db/database.ts";
import type { DriverQueries } from "../db/driver.ts";
import { ASSIGN_SEGMENTS, NEW_USER, UPSERT_USER, USER, USER_SEGMENT_COUNT } from "./sql.ts";
import { prismaQueries } from "../db/prismaQueries.ts";
import { inTransaction } from "../db/types.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import type { ExternalUserView } from "./json.ts";
import { recordEvent } from "../webhooks/events.ts";

export interface UserInput {
  externalId: string;
  name?: string;
  email?: string;
  username?: string;
  /** Segment type name to segment name; null or absent changes nothing. */
  segments?: Record<string, string> | null;
}

const userValues = (organizationId: number, input: UserInput) => [
  organizationId,
  input.externalId,
  input.name ?? null,
  input.email ?? null,
  input.username ?? null,
];

/** Sets the user's segment of each named type, creating types and segments on first use. */
async function assignSegments(db: DriverQueries, organizationId: number, userId: number, segments: Record<string, string>) {
  const entries = Object.entries(segments).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return;
  await db.rows(ASSIGN_SEGMENTS, [organizationId, userId, entries.map(([type]) => type), entries.map(([, segment]) => segment)]);
}

/** Sets the user's segments inside the caller's transaction; holding more than the limit is a 400. */
export async function saveSegments(db: DriverQueries, organizationId: number, userId: number, segments: Record<string, string>) {
  if (Object.keys(segments).length === 0) return;
  await assignSegments(db, organizationId, userId, segments);
  const counted = db.rows(USER_SEGMENT_COUNT, [organizationId, userId]).then(([row]) => row!.count);
  await refuseOverLimit(counted, LIMITS.segmentsPerUser, (limit) =>
    invalidInput(`Invalid field 'segments': a user holds at most ${limit} segments (one per segment type)`),
  );
}

/** Upserts the user and its segments inside the caller's transaction. */
export async function saveUser(db: DriverQueries, organizationId: number, input: UserInput): Promise<{ id: number; created: boolean }> {
  const [user] = await db.rows(UPSERT_USER, userValues(organizationId, input));
  await saveSegments(db, organizationId, user!.id, input.segments ?? {});
  return user!;
}

/**
 * Creates the user, with its fields and segments, when the externalId is new to the organization; an existing
 * user is left exactly as stored (what a public key may do).
 */
export async function saveNewUser(db: DriverQueries, organizationId: number, input: UserInput): Promise<{ id: number; created: boolean }> {
  for (;;) {
    const [user] = await db.rows(NEW_USER, userValues(organizationId, input));
    if (!user) continue;
    if (user.created) await assignSegments(db, organizationId, user.id, input.segments ?? {});
    return user;
  }
}

/** Creates or updates the user and answers it as the API shows it, read in the same transaction. */
export async function upsertUser({ driver }: Pick<Database, "driver">, organizationId: number, input: UserInput) {
  return driver.transaction(async (tx) => {
    const { id, created } = await saveUser(tx, organizationId, input);
    const [row] = await tx.rows(USER, [organizationId, id]);
    return { user: row!.user as ExternalUserView, created };
  });
}

/**
 * Deletes the user; foreign keys cascade to their threads, messages, feedback (given and
 * received) and segment links, all in this one statement. False when there is no such user.
 */
export async function deleteUser(prisma: PrismaClient, organizationId: number, externalId: string): Promise<boolean> {
  const { count } = await inTransaction(prisma, async (tx) => {
    const deleted = await tx.externalUser.deleteMany({ where: { organizationId, externalId } });
    if (deleted.count > 0) await recordEvent(prismaQueries(tx), organizationId, { type: "user.deleted", data: { externalId } });
    return deleted;
  });
  return count > 0;
}
