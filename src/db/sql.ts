import { Prisma } from "../../generated/prisma/client.ts";

/** Timestamps are stored in UTC without a zone: shown as ISO 8601 with milliseconds and Z, as JSON.stringify(Date) does. */
export const isoTimestampText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const isoTimestamp = (column: string) => Prisma.raw(isoTimestampText(column));

/** An ISO 8601 date-time parameter as the stored kind of timestamp (UTC, no zone): offsets like `+01:00` are honoured. */
export const utcInstant = (instant: string) => Prisma.sql`(${instant}::timestamptz AT TIME ZONE 'UTC')`;

/** An ILIKE pattern matching `term` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}
