import type { Database } from "../db/database.ts";
import type { DriverQueries } from "../db/driver.ts";
import {
  ASSIGN_SEGMENTS,
  DELETE_UNHELD_SEGMENTS,
  DELETE_USER,
  LOCK_USER_BY_EXTERNAL_ID,
  LOCK_USER_SEGMENTS,
  UPSERT_USER,
  USER,
  USER_BY_EXTERNAL_ID,
} from "./sql.ts";
import { invalidInput } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import { SEGMENT_COUNTS } from "../organizations/sql.ts";
import { recordEvent } from "../webhooks/events.ts";
import type { LocalWorker } from "../webhooks/handoff.ts";

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

/** The segments as SEGMENT_ASSIGNMENT takes them, sorted by type. */
export function segmentNames(segments: Record<string, string>): { typeNames: string[]; segmentNames: string[] } {
  const entries = Object.entries(segments).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { typeNames: entries.map(([type]) => type), segmentNames: entries.map(([, segment]) => segment) };
}

/**
 * After SEGMENT_ASSIGNMENT, in its transaction: what it `created` counts against the organization's
 * caps, and the user holds at most one segment per type up to a limit (`held`); beyond, a 400 (the
 * caller's transaction undone). The caps are those the triggers keep: having added to them, this
 * transaction holds their rows until it ends, so concurrent creations at a cap are counted one after the other.
 */
export async function refuseSegmentsOverLimits(db: DriverQueries, organizationId: number, { created, held }: { created: boolean; held: number }, field: SegmentsField) {
  if (created) {
    const [counts] = await db.rows(SEGMENT_COUNTS, { organizationId });
    if (counts!.segmentTypes > LIMITS.segmentTypesPerOrganization) {
      throw invalidInput(`Invalid field '${field}': an organization has at most ${LIMITS.segmentTypesPerOrganization} segment types`);
    }
    if (counts!.segments > LIMITS.segmentsPerOrganization) {
      throw invalidInput(`Invalid field '${field}': an organization has at most ${LIMITS.segmentsPerOrganization} segments`);
    }
  }
  if (held > LIMITS.segmentsPerUser) {
    throw invalidInput(`Invalid field '${field}': a user holds at most ${LIMITS.segmentsPerUser} segments (one per segment type)`);
  }
}

/** Where a request holds the user's segments: PUT users' body, or the externalUser of Create Thread and feedback. */
export type SegmentsField = "segments" | "externalUser.segments";

/** Sets the user's segments inside the caller's transaction, after the statement that upserted the user; over a limit, a 400. */
async function saveSegments(db: DriverQueries, organizationId: number, userId: number, segments: Record<string, string>, field: SegmentsField) {
  if (Object.keys(segments).length === 0) return;
  const [assigned] = await db.rows(ASSIGN_SEGMENTS, { organizationId, userId, ...segmentNames(segments) });
  await refuseSegmentsOverLimits(db, organizationId, assigned!, field);
}

/** Upserts the user and its segments inside the caller's transaction; `field`: where the request has the segments, for its 400s. */
export async function saveUser(db: DriverQueries, organizationId: number, input: UserInput, field: SegmentsField = "segments"): Promise<{ id: number; created: boolean }> {
  const [user] = await db.rows(UPSERT_USER, userValues(organizationId, input));
  await saveSegments(db, organizationId, user!.id, input.segments ?? {}, field);
  return user!;
}

/**
 * The user with this externalId, created with nothing but it when new; an existing user is left
 * exactly as stored (all a public key may do: anyone can name anyone).
 */
export async function userByExternalId(db: DriverQueries, organizationId: number, externalId: string): Promise<{ id: number }> {
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
export async function deleteUser({ driver }: Pick<Database, "driver">, organizationId: number, externalId: string, localWorker?: LocalWorker): Promise<boolean> {
  return driver.transaction(async (tx) => {
    const [user] = await tx.rows(LOCK_USER_BY_EXTERNAL_ID, { organizationId, externalId });
    if (!user) return false;
    const held = await tx.rows(LOCK_USER_SEGMENTS, { organizationId, externalId });
    const [deleted] = await tx.rows(DELETE_USER, { organizationId, externalId });
    if (!deleted) return false;
    if (held.length > 0) await tx.rows(DELETE_UNHELD_SEGMENTS, { organizationId, segmentIds: held.map(({ id }) => id) });
    await recordEvent(tx, organizationId, { type: "user.deleted", data: { externalId } }, localWorker);
    return true;
  });
}
