/**
 * The lean baseline of `npm run bench`: node:http and pg, named prepared statements (./sql.ts),
 * no framework, no ORM. It answers the benchmark's requests (feedback with a public key or a feedback token) with the service's status codes
 * and byte for byte its JSON, with the same guarantees: the API key checked (and cached for as
 * long as the service caches it), each write in one transaction retried on deadlocks and
 * serialization failures, the memory summary written with the thread by the service's own
 * summarizer. It checks only what the benchmark sends: anything else is a 400 saying so.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { KEY_CACHE_TTL_MS } from "../../src/keys/keyCache.ts";
import { BUILTIN_WINDOW, summarizeConversation } from "../../src/summarizer/builtin.ts";
import type { Conversation } from "../../src/summarizer/summarizer.ts";
import { signingSecret, type SigningSecret, type StoredSecret } from "../../src/tokens/secrets.ts";
import { readClaims, TOKEN_PREFIX, verifyToken, type TokenClaims } from "../../src/tokens/token.ts";
import * as SQL from "./sql.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX || 10) });
pool.on("error", () => {});

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const UNAUTHORIZED = "Unauthorized - Invalid or missing API key";
const FORBIDDEN = "Forbidden - this operation requires a private API key";

type KeyKind = "private" | "public";

interface Principal {
  organizationId: number;
  kind: KeyKind;
  /** A feedback token's claims: it is taken where a public key is. */
  token?: TokenClaims;
}

/** Known keys, valid (a principal) or not (null), by hash, each for KEY_CACHE_TTL_MS. */
const keys = new Map<string, { principal: Principal | null; expiresAt: number }>();
const MAX_CACHED_KEYS = 10_000;

/** Organizations' feedback-token secrets, each for KEY_CACHE_TTL_MS, loaded again for a newer key id (as the service keeps them). */
const tokenSecrets = new Map<number, { secret: SigningSecret | null; expiresAt: number }>();

async function tokenPrincipal(token: string): Promise<Principal> {
  const claims = readClaims(token);
  if (!claims) throw new Refusal(401, UNAUTHORIZED);
  const now = Date.now();
  let cached = tokenSecrets.get(claims.organizationId);
  if (!cached || cached.expiresAt <= now || (cached.secret?.keyId ?? 0) < claims.keyId) {
    const { rows } = await pool.query({ ...SQL.TOKEN_SECRET, values: [claims.organizationId] });
    cached = { secret: rows[0] ? signingSecret(rows[0] as StoredSecret) : null, expiresAt: now + KEY_CACHE_TTL_MS };
    tokenSecrets.set(claims.organizationId, cached);
  }
  const verdict = cached.secret?.keyId === claims.keyId ? verifyToken(token, claims, cached.secret.key, Math.floor(now / 1000)) : "invalid";
  if (verdict !== "valid") throw new Refusal(401, verdict === "expired" ? "Unauthorized - token expired" : UNAUTHORIZED);
  return { organizationId: claims.organizationId, kind: "public", token: claims };
}

async function authenticate(key: string | undefined, kinds: KeyKind[], wrongKindStatus: 401 | 403): Promise<Principal> {
  if (!key) throw new Refusal(401, UNAUTHORIZED);
  if (key.startsWith(TOKEN_PREFIX)) {
    const principal = await tokenPrincipal(key);
    if (!kinds.includes("public")) throw new Refusal(wrongKindStatus, wrongKindStatus === 401 ? UNAUTHORIZED : FORBIDDEN);
    return principal;
  }
  const hash = createHash("sha256").update(key).digest("hex");
  const now = Date.now();
  let cached = keys.get(hash);
  if (!cached || cached.expiresAt <= now) {
    const { rows } = await pool.query({ ...SQL.KEY, values: [hash] });
    const row = rows[0] as { organizationId: number; kind: KeyKind; revoked: boolean } | undefined;
    cached = { principal: row && !row.revoked ? { organizationId: row.organizationId, kind: row.kind } : null, expiresAt: now + KEY_CACHE_TTL_MS };
    if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(hash, cached);
  }
  if (!cached.principal) throw new Refusal(401, UNAUTHORIZED);
  if (!kinds.includes(cached.principal.kind)) throw new Refusal(wrongKindStatus, wrongKindStatus === 401 ? UNAUTHORIZED : FORBIDDEN);
  return cached.principal;
}

const bearer = (request: IncomingMessage) => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
const headerKey = (request: IncomingMessage) => (request.headers["api-key"] as string | undefined)?.trim() || bearer(request);

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) throw new Refusal(415, "Unsupported Media Type");
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Refusal(400, "Invalid JSON body");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Refusal(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}

/** The request's optional string field (null is absent); anything else is a 400 naming it. */
function optionalString(object: Record<string, unknown>, name: string): string | null {
  const value = object[name] ?? null;
  if (value !== null && typeof value !== "string") throw new Refusal(400, `Invalid field '${name}'`);
  return value;
}

function requiredString(object: Record<string, unknown>, name: string): string {
  const value = optionalString(object, name);
  if (value === null) throw new Refusal(400, `Missing field '${name}'`);
  return value;
}

function optionalObject(object: Record<string, unknown>, name: string): Record<string, unknown> | null {
  const value = object[name] ?? null;
  if (value !== null && (typeof value !== "object" || Array.isArray(value))) throw new Refusal(400, `Invalid field '${name}'`);
  return value as Record<string, unknown> | null;
}

function optionalInteger(object: Record<string, unknown>, name: string): number | null {
  const value = object[name] ?? null;
  if (value !== null && !Number.isInteger(value)) throw new Refusal(400, `Invalid field '${name}'`);
  return value as number | null;
}

function unsupported(object: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    const value = object[name];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) {
      throw new Refusal(400, `The baseline does not support '${name}'`);
    }
  }
}

interface UserFields {
  externalId: string;
  name: string | null;
  email: string | null;
  username: string | null;
}

function userFields(user: Record<string, unknown>): UserFields {
  return {
    externalId: requiredString(user, "externalId"),
    name: optionalString(user, "name"),
    email: optionalString(user, "email"),
    username: optionalString(user, "username"),
  };
}

const RETRIED_STATES = new Set(["40001", "40P01", "23503"]);
const MAX_ATTEMPTS = 5;

/** One transaction, run again (after 20, 40, 80… ms at random) on a deadlock, serialization failure or vanished reference. */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      client.release();
      return result;
    } catch (error) {
      const broken = await client.query("ROLLBACK").then(() => undefined, (rollbackError: Error) => rollbackError);
      client.release(broken);
      const state = (error as { code?: string }).code;
      if (!state || !RETRIED_STATES.has(state) || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

interface WindowRow {
  id: number;
  role: "user" | "assistant";
  content: string;
  opening: boolean;
}

/**
 * The summarizer's window from the opening rows and the latest rows (one more than the window
 * reads, read backwards): truncated when that extra row is not an opening one.
 */
function conversationOf(rows: WindowRow[]): Conversation {
  const latest = rows.filter((row) => !row.opening);
  const extra = latest.length > BUILTIN_WINDOW.recent ? latest.pop() : undefined;
  const openingIds = rows.filter((row) => row.opening).map((row) => row.id);
  const byId = new Map<number, WindowRow>();
  for (const row of [...rows.filter((row) => row.opening), ...latest]) byId.set(row.id, row);
  return {
    messages: [...byId.values()].sort((a, b) => a.id - b.id).map(({ role, content }) => ({ role, content })),
    truncated: extra !== undefined && extra.id > Math.max(0, ...openingIds),
  };
}

async function createThread(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { organizationId } = await authenticate(headerKey(request), ["private"], 403);
  const body = await readJson(request);
  unsupported(body, ["intents"]);
  const userObject = optionalObject(body, "externalUser");
  if (!userObject) throw new Refusal(400, "Missing field 'externalUser'");
  const user = userFields(userObject);
  const segments = Object.entries(optionalObject(userObject, "segments") ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const messages = body.messages ?? [];
  if (!Array.isArray(messages) || messages.some((message) => typeof message?.role !== "string" || typeof message?.content !== "string")) {
    throw new Refusal(400, "Invalid field 'messages'");
  }
  const { thread, created } = await inTransaction(async (client) => {
    const { rows } = await client.query({
      ...SQL.INGEST,
      values: [
        organizationId, optionalInteger(body, "projectId"), user.externalId, user.name, user.email, user.username,
        optionalString(body, "externalId"), JSON.stringify(optionalObject(body, "metadata") ?? {}), JSON.stringify(messages),
        segments.map(([type]) => type), segments.map(([, segment]) => String(segment)),
      ],
    });
    const written = rows[0] as { id: number; created: boolean; summaryMessageId: number | null; lastMessageId: number | null; metadataTooLong: boolean } | undefined;
    if (!written) throw new Refusal(404, "Project not found");
    if (written.metadataTooLong) throw new Refusal(400, "Invalid field 'metadata'");
    let summary: string | null = null;
    let covered: number | null = null;
    if (written.lastMessageId !== null && written.lastMessageId !== written.summaryMessageId) {
      const window = await client.query({
        ...SQL.CONVERSATION,
        values: [organizationId, written.id, written.lastMessageId, BUILTIN_WINDOW.opening, BUILTIN_WINDOW.recent, BUILTIN_WINDOW.maxMessageChars],
      });
      summary = summarizeConversation(conversationOf(window.rows as WindowRow[]));
      covered = written.lastMessageId;
    }
    const view = await client.query({ ...SQL.SUMMARIZED_THREAD, values: [organizationId, written.id, summary, covered] });
    return { thread: view.rows[0].thread as unknown, created: written.created };
  });
  send(response, created ? 201 : 200, thread);
}

async function listThreads(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const { organizationId } = await authenticate(headerKey(request), ["private"], 403);
  const page = { pageSize: 50, pageIndex: 0 };
  const userIds: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (name === "externalUserIds") userIds.push(...value.split(",").filter(Boolean));
    else if (name === "pageSize" || name === "pageIndex") page[name] = Number(value);
    else throw new Refusal(400, `The baseline does not support '${name}'`);
  }
  if (!Number.isInteger(page.pageSize) || page.pageSize < 1 || page.pageSize > 200) throw new Refusal(400, "Invalid parameter 'pageSize'");
  if (!Number.isInteger(page.pageIndex) || page.pageIndex < 0) throw new Refusal(400, "Invalid parameter 'pageIndex'");
  const values = [organizationId, page.pageSize, page.pageSize * page.pageIndex];
  const { rows } = await pool.query(userIds.length > 0 ? { ...SQL.THREADS_BY_USER, values: [...values, userIds] } : { ...SQL.THREADS, values });
  // No search here: the count is always exact.
  send(response, 200, { count: rows[0].count, countExact: true, rows: rows[0].rows });
}

async function getMemory(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const { organizationId } = await authenticate(bearer(request) ?? (url.searchParams.get("apiKey") || undefined), ["private"], 401);
  const userExternalId = url.searchParams.get("userExternalId");
  if (!userExternalId) throw new Refusal(400, "Missing required parameter: userExternalId");
  const { rows } = await pool.query({ ...SQL.MEMORY, values: [organizationId, userExternalId] });
  const memory = rows[0] as { threadId: number; threadExternalId: string | null; summary: string; createdAt: string } | undefined;
  if (!memory) throw new Refusal(404, "No user or no memory found");
  send(response, 200, { userExternalId, threadId: memory.threadId, threadExternalId: memory.threadExternalId, summary: memory.summary, createdAt: memory.createdAt });
}

interface Target {
  threadId: number;
  projectId: number;
  threadUserId: number;
  messageId: number | null;
  messageExternalId: string | null;
  options: Record<string, number | null>;
}

/** The option id of each attribute named, in the request's order; an unknown attribute or option is a 400. */
function optionIds(target: Target, selection: [string, string][]): number[] {
  return selection.map(([attribute, option]) => {
    const id = target.options[attribute];
    if (id === undefined) throw new Refusal(400, `Unknown attribute '${attribute}'`);
    if (id === null) throw new Refusal(400, `Unknown option '${option}' of attribute '${attribute}'`);
    return id;
  });
}

async function giverOf(client: pg.PoolClient, organizationId: number, kind: KeyKind, user: UserFields): Promise<number> {
  const values = [organizationId, user.externalId, user.name, user.email, user.username];
  if (kind === "private") return (await client.query({ ...SQL.GIVER, values })).rows[0].id as number;
  // A giver inserted by a concurrent request after this statement's snapshot is found by the next one.
  for (;;) {
    const { rows } = await client.query({ ...SQL.NEW_GIVER, values });
    if (rows[0]) return rows[0].id as number;
  }
}

async function createFeedback(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { organizationId, kind, token } = await authenticate(headerKey(request), ["private", "public"], 403);
  const body = await readJson(request);
  const feedbackType = body.feedbackType;
  if (feedbackType !== "POSITIVE" && feedbackType !== "NEGATIVE") throw new Refusal(400, "Invalid field 'feedbackType'");
  const externalThreadId = requiredString(body, "externalThreadId");
  const externalMessageId = optionalString(body, "externalMessageId");
  const userObject = optionalObject(body, "externalUser");
  const giver = userObject && userFields(userObject);
  if (token && giver && giver.externalId !== token.userExternalId) throw new Refusal(403, "Forbidden - the token is for another user");
  const selection = Object.entries(optionalObject(body, "attributes") ?? {}) as [string, string][];
  if (selection.some(([, option]) => typeof option !== "string")) throw new Refusal(400, "Invalid field 'attributes'");
  const written = await inTransaction(async (client) => {
    const { rows } = await client.query({
      ...SQL.FEEDBACK_TARGET,
      values: [organizationId, externalThreadId, optionalInteger(body, "projectId"), externalMessageId, selection.map(([name]) => name), selection.map(([, option]) => option)],
    });
    const [target, another] = rows as Target[];
    if (!target) throw new Refusal(404, "Thread not found");
    if (another) throw new Refusal(409, `Several threads have externalThreadId '${externalThreadId}' in different projects: send projectId`);
    if (target.messageId === null) throw new Refusal(404, externalMessageId === null ? "Message not found: the thread has no messages" : "Message not found");
    if (token && (target.threadId !== token.threadId || (token.messageExternalIds && !token.messageExternalIds.includes(target.messageExternalId!)))) {
      throw new Refusal(403, "Forbidden - the token does not cover this message");
    }
    const options = optionIds(target, selection);
    const giverId = giver ? await giverOf(client, organizationId, kind, giver) : target.threadUserId;
    const feedback = await client.query({
      ...SQL.FEEDBACK,
      values: [organizationId, target.messageId, target.threadId, target.projectId, giverId, feedbackType, optionalString(body, "feedbackText"), options, kind === "public", kind !== "public" || !!token],
    });
    if (!feedback.rows[0]) throw new Refusal(409, "Conflict - this giver has already voted; a feedback token can change a vote");
    return feedback.rows[0] as { created: boolean; feedback: unknown };
  });
  send(response, written.created ? 201 : 200, written.feedback);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const route = `${request.method} ${url.pathname}`;
  if (route === "GET /api/external/memory") return getMemory(request, response, url);
  if (route === "GET /api/external/threads") return listThreads(request, response, url);
  if (route === "POST /api/external/threads") return createThread(request, response);
  if (route === "POST /api/external/feedback") return createFeedback(request, response);
  throw new Refusal(404, "Not found");
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    // The client went away (a load generator stopping): nobody to answer. (Not request.destroyed: a request
    // whose body has been read is destroyed too, and a refusal after reading it must still be answered.)
    if (response.destroyed) return;
    if (error instanceof Refusal) return send(response, error.status, { error: error.message });
    process.stderr.write(`baseline: ${(error as Error).stack}\n`);
    send(response, 500, { error: "Internal server error" });
  });
});
server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
