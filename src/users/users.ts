import type { Database } from "../db/database.ts";
import type { DriverQueries } from "../db/driver.ts";
import {
  ASSIGN_SEGMENTS,
  DELETE_UNHELD_SEGMENTS,
  DELETE_USER,
  LOCK_USER_SEGMENTS,
  UPSERT_USER,
  USER,
  USER_BY_EXTERNAL_ID,
  USER_SEGMENT_COUNT,
} from "./sql.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { SEGMENT_COUNTS } from "../organizations/sql.ts";
import { recordEvent } from "../webhooks/events.ts";

export interface UserInput {
  externalId: string;
  name?: string;
  email?: string;
  username?: string;
  /** Segment type name to segment name; null or absent changes nothing. */
  segments?: Record<string, string> | null;
}

const userValues = (organizationId: number, input: UserInput) => ({
  organizationId,
  externalId: input.externalId,
  name: input.name ?? null,
  email: input.email ?? null,
  username: input.username ?? null,
});

/**
 * Sets the user's segment of each named type, creating types and segments on first use; what it
 * created counts against the organization's caps (a 400 beyond, the caller's transaction undone).
 * The counts are those the triggers keep: having added to them, this transaction holds their rows
 * until it ends, so concurrent creations at a cap are counted one after the other.
 */
async function assignSegments(db: DriverQueries, organizationId: number, userId: number, segments: Record<string, string>) {
  const entries = Object.entries(segments).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const [assigned] = await db.rows(ASSIGN_SEGMENTS, { organizationId, userId, typeNames: entries.map(([type]) => type), segmentNames: entries.map(([, segment]) => segment) });
  if (!assigned!.created) return;
  const [counts] = await db.rows(SEGMENT_COUNTS, { organizationId });
  if (counts!.segmentTypes > LIMITS.segmentTypesPerOrganization) {
    throw invalidInput(`Invalid field 'segments': an organization has at most ${LIMITS.segmentTypesPerOrganization} segment types`);
  }
  if (counts!.segments > LIMITS.segmentsPerOrganization) {
    throw invalidInput(`Invalid field 'segments': an organization has at most ${LIMITS.segmentsPerOrganization} segments`);
  }
}

/** Sets the user's segments inside the caller's transaction; holding more than the limit is a 400. */
export async function saveSegments(db: DriverQueries, organizationId: number, userId: number, segments: Record<string, string>) {
  if (Object.keys(segments).length === 0) return;
  await assignSegments(db, organizationId, userId, segments);
  const counted = db.rows(USER_SEGMENT_COUNT, { organizationId, userId }).then(([row]) => row!.count);
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
 * The user with this externalId, created with nothing but it when new; an existing user is left
 * exactly as stored (all a public key may do: anyone can name anyone).
 */
export async function userByExternalId(db: DriverQueries, organizationId: number, externalId: string): Promise<{ id: number; created: boolean }> {
  for (;;) {
    const [user] = await db.rows(USER_BY_EXTERNAL_ID, { organizationId, externalId });
    if (user) return user;
  }
}

/** Creates or updates the user and answers it as the API shows it, read in the same transaction. */
export async function upsertUser({ driver }: Pick<Database, "driver">, organizationId: number, input: UserInput) {
  return driver.transaction(async (tx) => {
    const { id, created } = await saveUser(tx, organizationId, input);
    const [row] = await tx.rows(USER, { organizationId, userId: id });
    return { user: row!.user, created };
  });
}

/**
 * Deletes the user, with (foreign keys cascading) their threads, messages, feedback given and
 * received and segment links, and the segments no remaining user holds (a segment's name can be
 * personal data, such as an email address); segment types, the organization's vocabulary, stay.
 * One transaction. False when there is no such user.
 */
export async function deleteUser({ driver }: Pick<Database, "driver">, organizationId: number, externalId: string): Promise<boolean> {
  return driver.transaction(async (tx) => {
    const held = await tx.rows(LOCK_USER_SEGMENTS, { organizationId, externalId });
    const [deleted] = await tx.rows(DELETE_USER, { organizationId, externalId });
    if (!deleted) return false;
    if (held.length > 0) await tx.rows(DELETE_UNHELD_SEGMENTS, { organizationId, segmentIds: held.map(({ id }) => id) });
    await recordEvent(tx, organizationId, { type: "user.deleted", data: { externalId } });
    return true;
  });
}
