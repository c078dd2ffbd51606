import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { inTransaction, type Db } from "../db/types.ts";
import { invalidInput, notFound } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";

export interface UserInput {
  externalId: string;
  name?: string;
  email?: string;
  username?: string;
  /** Segment type name to segment name; null or absent changes nothing. */
  segments?: Record<string, string> | null;
}

export const userWithSegments = {
  segments: {
    orderBy: { userSegmentTypeId: "asc" },
    include: { segment: { include: { type: true } } },
  },
} satisfies Prisma.ExternalUserInclude;

type UserRow = Prisma.ExternalUserGetPayload<{ include: typeof userWithSegments }>;

/** The external user as the API shows it: each segment carrying its type. */
export function toUserView({ segments, ...user }: UserRow) {
  return { ...user, segments: segments.map((link) => link.segment) };
}

export type UserView = ReturnType<typeof toUserView>;

/**
 * Creates or updates the user in one statement, so that concurrent calls for the same
 * externalId meet on the unique key instead of racing a lookup. Given fields overwrite,
 * absent ones keep their stored value.
 */
async function upsertUserRow(db: Db, organizationId: number, input: UserInput) {
  const [row] = await db.$queryRaw<{ id: number; created: boolean }[]>`
    INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
    VALUES (${organizationId}, ${input.externalId}, ${input.name ?? null}, ${input.email ?? null}, ${input.username ?? null})
    ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "ExternalUser"."name"),
      "email" = COALESCE(EXCLUDED."email", "ExternalUser"."email"),
      "username" = COALESCE(EXCLUDED."username", "ExternalUser"."username"),
      "updatedAt" = now()
    RETURNING "id", (xmax = 0) AS "created"`;
  return row!;
}

/**
 * Sets the user's segment of each named type, creating types and segments on first use.
 * Names are sorted so that concurrent calls take row locks in the same order.
 */
async function assignSegments(db: Db, organizationId: number, userId: number, segments: Record<string, string>) {
  const entries = Object.entries(segments).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return;
  const typeNames = entries.map(([type]) => type);
  const segmentNames = entries.map(([, segment]) => segment);
  await db.$executeRaw`
    WITH wanted AS (
      SELECT * FROM unnest(${typeNames}::text[], ${segmentNames}::text[]) AS w(type_name, segment_name)
    ), types AS (
      INSERT INTO "SegmentType" ("organizationId", "name")
      SELECT ${organizationId}, type_name FROM wanted
      ON CONFLICT ("organizationId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "name"
    ), segments AS (
      INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name")
      SELECT ${organizationId}, types."id", wanted.segment_name FROM wanted JOIN types ON types."name" = wanted.type_name
      ON CONFLICT ("organizationId", "userSegmentTypeId", "name") DO UPDATE SET "name" = EXCLUDED."name"
      RETURNING "id", "userSegmentTypeId"
    )
    INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
    SELECT ${organizationId}, ${userId}, "userSegmentTypeId", "id" FROM segments
    ON CONFLICT ("organizationId", "externalUserId", "userSegmentTypeId") DO UPDATE SET "segmentId" = EXCLUDED."segmentId"`;
}

/** Upserts the user and its segments inside the caller's transaction. */
export async function saveUser(db: Db, organizationId: number, input: UserInput): Promise<{ id: number; created: boolean }> {
  const user = await upsertUserRow(db, organizationId, input);
  await assignSegments(db, organizationId, user.id, input.segments ?? {});
  if (Object.keys(input.segments ?? {}).length > 0) {
    await refuseOverLimit(db.userSegment.count({ where: { organizationId, externalUserId: user.id } }), LIMITS.segmentsPerUser, (limit) =>
      invalidInput(`Invalid field 'segments': a user holds at most ${limit} segments (one per segment type)`),
    );
  }
  return user;
}

/**
 * Creates the user, with its fields and segments, when the externalId is new to the organization; an existing
 * user is left exactly as stored (what a public key may do).
 */
export async function saveNewUser(db: Db, organizationId: number, input: UserInput): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username")
    VALUES (${organizationId}, ${input.externalId}, ${input.name ?? null}, ${input.email ?? null}, ${input.username ?? null})
    ON CONFLICT ("organizationId", "externalId") DO NOTHING
    RETURNING "id"`;
  if (!inserted) {
    const existing = await db.externalUser.findUniqueOrThrow({
      where: { organizationId_externalId: { organizationId, externalId: input.externalId } },
      select: { id: true },
    });
    return { id: existing.id, created: false };
  }
  await assignSegments(db, organizationId, inserted.id, input.segments ?? {});
  return { id: inserted.id, created: true };
}

/** A user deleted meanwhile (by a concurrent request) is the 404 a later request would get. */
export async function loadUser(db: Db, organizationId: number, id: number): Promise<UserView> {
  const row = await db.externalUser.findFirst({ where: { organizationId, id }, include: userWithSegments });
  if (!row) throw notFound("User not found");
  return toUserView(row);
}

export async function upsertUser(prisma: PrismaClient, organizationId: number, input: UserInput) {
  const { id, created } = await inTransaction(prisma, (tx) => saveUser(tx, organizationId, input));
  return { user: await loadUser(prisma, organizationId, id), created };
}

/**
 * Deletes the user; foreign keys cascade to their threads, messages, feedback (given and
 * received) and segment links, all in this one statement. False when there is no such user.
 */
export async function deleteUser(prisma: PrismaClient, organizationId: number, externalId: string): Promise<boolean> {
  const { count } = await inTransaction(prisma, (tx) => tx.externalUser.deleteMany({ where: { organizationId, externalId } }));
  return count > 0;
}
