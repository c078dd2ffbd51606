import { Prisma } from "../../generated/prisma/client.ts";

/** Timestamps are stored in UTC without a zone: shown as ISO 8601 with milliseconds and Z, as JSON.stringify(Date) does. */
export const isoTimestampText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const isoTimestamp = (column: string) => Prisma.raw(isoTimestampText(column));

/** An ILIKE pattern matching `term` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}
