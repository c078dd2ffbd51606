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

/**
 * SQLSTATEs of a server going away or changing roles, which pass within seconds in a failover or a
 * restart: 57P01 terminated by a (fast) shutdown, 57P02 crash, 57P03 shutting down or starting up,
 * 25006 a node that became read-only, and the connection exceptions (08).
 */
const PASSING_STATES = new Set(["57P01", "57P02", "57P03", "25006"]);
const PASSING_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "P1001", "P1017"]);
const PASSING_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed"]);
const PASSING_MESSAGES = /^(Connection terminated unexpectedly|Client has encountered a connection error)/i;

/**
 * The unavailability of a failover or restart, after which connecting again can succeed within
 * seconds: the connection lost, refused or reset, the server shutting down, starting up or
 * read-only. Not a statement timeout (57014), exhausted resources (53), a database that refuses
 * connections (55000), a pool that was closed or had no free connection in time: waiting would
 * not help those, or would only add load.
 */
export function isPassingUnavailability(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const state = sqlStateOf(link);
    if (state !== undefined && (PASSING_STATES.has(state) || state.startsWith("08"))) return true;
    if (typeof link.code === "string" && PASSING_CODES.has(link.code)) return true;
    if (typeof link.kind === "string" && PASSING_KINDS.has(link.kind)) return true;
    if (typeof link.message === "string" && PASSING_MESSAGES.test(link.message)) return true;
  }
  return false;
}

/**
 * A COMMIT that failed in a way that proves nothing was committed: it was never sent, the server
 * answered it with an error, or, its answer lost with the connection, the server now says the
 * transaction aborted. Running the transaction again cannot write anything twice.
 */
export class NotCommittedError extends Error {
  constructor(cause: unknown) {
    super(`the transaction was not committed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function isNotCommitted(error: unknown): boolean {
  return [...errorChain(error)].some((link) => link instanceof NotCommittedError);
}
