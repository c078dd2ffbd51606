/**
 * The one rule for every timestamp a request carries (body or query), the `date-time` format of
 * openapi.yaml: RFC 3339 `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, a real calendar day, seconds
 * 00-59 (no leap second: JavaScript's Date cannot hold :60), an offset within ±14:00 (the widest in
 * use; PostgreSQL refuses beyond ±15:59), and the instant in the years 0001-9999 in UTC. What passes
 * means the same instant to JavaScript's Date and to PostgreSQL's timestamptz.
 */
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

export const TIMESTAMP_RULE = "must be an RFC 3339 date-time such as 2024-05-01T09:30:00Z (seconds 00-59, offset within ±14:00)";

const MAX_OFFSET_MINUTES = 14 * 60;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

export function isTimestamp(value: string): boolean {
  const match = RFC_3339.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return false;
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetMinutes > 59) return false;
  if (offsetHours * 60 + offsetMinutes > MAX_OFFSET_MINUTES) return false;
  const instant = new Date(value);
  const utcYear = instant.getUTCFullYear();
  return !Number.isNaN(instant.getTime()) && utcYear >= 1 && utcYear <= 9999;
}
