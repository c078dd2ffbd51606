// What a database error means for the request, judged by its class wherever in the chain the
// driver put it: Prisma wraps the driver adapter's error (meta.driverAdapterError), whose cause
// carries the SQLSTATE (originalCode) or, for socket failures, a kind.

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  severity?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** The error and what it wraps: causes, and the driver error Prisma keeps in `meta`. */
function* errorChain(error: unknown): Generator<ErrorLike> {
  const pending = [error];
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== "object") continue;
    const link = current as ErrorLike;
    yield link;
    pending.push(link.cause, link.meta?.driverAdapterError);
  }
}

/** The SQLSTATE of a link: kept by the adapters as originalCode, or the code of a server error (which has a severity). */
function sqlStateOf({ originalCode, code, severity }: ErrorLike): string | undefined {
  if (typeof originalCode === "string") return originalCode;
  return typeof severity === "string" && typeof code === "string" ? code : undefined;
}

export function sqlStates(error: unknown): string[] {
  return [...errorChain(error)].map(sqlStateOf).filter((state): state is string => state !== undefined);
}

/**
 * SQLSTATE classes and codes meaning the server cannot serve right now:
 * 08 connection exception; 53 insufficient resources (no connection slot left, disk full);
 * 57 operator intervention (57P01 admin shutdown, 57P02 crash, 57P03 starting up or in
 * recovery, 57014 statement timeout); 25006 a server that became read-only in a failover;
 * 55000 a database that does not accept connections (the service runs no statement that
 * raises it otherwise).
 */
const UNAVAILABLE_CLASSES = ["08", "53", "57"];
const UNAVAILABLE_STATES = new Set(["25006", "55000"]);

/** Socket failures (Node's codes, the PostgreSQL adapter's kinds) and Prisma's "cannot reach / no connection / transaction could not start". */
const CONNECTION_FAILURE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "P1001", "P1002", "P1017", "P2024", "P2028"]);
const CONNECTION_FAILURE_KINDS = new Set(["DatabaseNotReachable", "SocketTimeout", "ConnectionClosed", "TooManyConnections", "TlsConnectionError"]);
/** The drivers' own errors for a lost or closed connection, which carry no code. */
const CODELESS_CONNECTION_FAILURES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed)/i;

function isUnavailableState(state: string): boolean {
  return UNAVAILABLE_STATES.has(state) || UNAVAILABLE_CLASSES.includes(state.slice(0, 2));
}

/** The database cannot serve the request now (a 503): it is unreachable, refusing, restarting, full or read-only. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const state = sqlStateOf(link);
    if (state !== undefined && isUnavailableState(state)) return true;
    if (typeof link.code === "string" && CONNECTION_FAILURE_CODES.has(link.code)) return true;
    if (typeof link.kind === "string" && CONNECTION_FAILURE_KINDS.has(link.kind)) return true;
    if (typeof link.message === "string" && CODELESS_CONNECTION_FAILURES.test(link.message)) return true;
  }
  return false;
}

/** PostgreSQL's "data exception" class (22xxx): text it cannot store, e.g. a NUL character. */
export function isRejectedData(error: unknown): boolean {
  return sqlStates(error).some((state) => state.startsWith("22"));
}

/** PostgreSQL asks for the transaction to be run again: 40001 serialization failure, 40P01 deadlock. */
export function isTransientConflict(error: unknown): boolean {
  return sqlStates(error).some((state) => state === "40001" || state === "40P01");
}

/** 23503: a row the write refers to was deleted meanwhile (e.g. a user deleted with their thread). */
export function isVanishedReference(error: unknown): boolean {
  return sqlStates(error).includes("23503");
}
