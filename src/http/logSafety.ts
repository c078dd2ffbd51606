/** Longest string a log line keeps of any value; longer ones are cut, saying how much was left out. */
export const MAX_LOGGED_STRING = 2_000;
const MAX_LOGGED_ITEMS = 20;
const MAX_LOGGED_KEYS = 50;
const MAX_LOGGED_DEPTH = 6;

/**
 * Anything shaped like an API key (sk_… or pk_…, also percent-encoded as sk%5F…) or a feedback token
 * (ft_…, its signature after a dot), wherever it appears: a query parameter of any name or spelling,
 * a path segment, a header, an error message.
 */
const KEY_SHAPED = /(?<=^|[^A-Za-z0-9]|%[0-9A-Fa-f]{2})(sk|pk|ft)(?:_|%5f)[A-Za-z0-9_%.-]*/gi;

export function redactKeys(text: string): string {
  return text.replace(KEY_SHAPED, "$1_[REDACTED]");
}

function boundString(text: string): string {
  const cut = text.length > MAX_LOGGED_STRING ? `${text.slice(0, MAX_LOGGED_STRING)}…[${text.length - MAX_LOGGED_STRING} more characters]` : text;
  return redactKeys(cut);
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An error as a log shows it: what it is and where, bounded like everything else, its causes too. */
export function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const { code, meta, cause } = error as Error & { code?: unknown; meta?: unknown };
  return boundForLog(
    {
      type: error.name || error.constructor.name,
      message: error.message,
      ...(code === undefined ? {} : { code }),
      ...(meta === undefined ? {} : { meta }),
      stack: error.stack,
      ...(cause === undefined ? {} : { cause }),
    },
    depth,
  ) as Record<string, unknown>;
}

/**
 * A copy of a log object that no request can make large or secret: strings are cut to
 * MAX_LOGGED_STRING characters with key-shaped values redacted, arrays and objects are cut short,
 * nesting stops. Objects that are not plain (a request, a reply) are left to pino's serializers.
 */
export function boundForLog(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return boundString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_LOGGED_DEPTH) return "[nested too deep]";
  if (value instanceof Error) return serializeError(value, depth + 1);
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_LOGGED_ITEMS).map((item) => boundForLog(item, depth + 1));
    return value.length > MAX_LOGGED_ITEMS ? [...items, `…[${value.length - MAX_LOGGED_ITEMS} more items]`] : items;
  }
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value);
  const bounded = Object.fromEntries(entries.slice(0, MAX_LOGGED_KEYS).map(([key, item]) => [boundString(key), boundForLog(item, depth + 1)]));
  if (entries.length > MAX_LOGGED_KEYS) bounded["…"] = `${entries.length - MAX_LOGGED_KEYS} more keys`;
  return bounded;
}
