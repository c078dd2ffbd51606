const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A comma-separated list from the URL. */
export const listParam = (query: URLSearchParams, name: string): string[] =>
  (query.get(name) ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);

/** External ids typed comma-separated. */
export const idList = (text: string): string[] =>
  text
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);

/** Ids from the URL (anything else is dropped, so that a hand-edited URL cannot make a 400). */
export const idsParam = (query: URLSearchParams, name: string): number[] =>
  listParam(query, name)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0 && id <= 2147483647);

export const idParam = (query: URLSearchParams, name: string): number | undefined => idsParam(query, name)[0];

export const dayParam = (query: URLSearchParams, name: string): string => {
  const value = query.get(name) ?? "";
  return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : "";
};

/** 0-based page index from the URL's 1-based `page`. */
export const pageParam = (query: URLSearchParams): number => {
  const page = Number(query.get("page"));
  return Number.isInteger(page) && page > 1 && page <= 1_000_000 ? page - 1 : 0;
};

export const textParam = (query: URLSearchParams, name: string): string => (query.get(name) ?? "").trim().slice(0, 255);

/** The API's exclusive bounds for "from day A to day B", both days included (UTC). */
export function dayBounds(from: string, to: string): { after?: string; before?: string } {
  return {
    ...(from ? { after: new Date(Date.parse(`${from}T00:00:00Z`) - 1).toISOString() } : {}),
    ...(to ? { before: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString() } : {}),
  };
}

/** Omits empty strings and arrays, which the API would reject (minLength 1) or which mean "any". */
export function presentOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0))) as Partial<T>;
}

export const formatTime = (iso: string): string => new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC";
