import { Prisma } from "../../generated/prisma/client.ts";

/** Timestamps are stored in UTC without a zone: shown as ISO 8601 with milliseconds and Z, as JSON.stringify(Date) does. */
export const isoTimestamp = (column: string) => Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
