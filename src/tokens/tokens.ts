import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { Driver } from "../db/driver.ts";
import { invalidInput, notFound } from "../errors.ts";
import { ambiguousThread } from "../feedback/target.ts";
import type { Principal } from "../keys/keys.ts";
import { signingSecret, SigningSecrets, type SigningSecret } from "./secrets.ts";
import {
  DELETE_SIGNING_SECRET,
  FIRST_SIGNING_SECRET,
  NOTIFY_SECRET_ROTATED,
  ROTATED_SECRET,
  SECRET_ROTATED_CHANNEL,
  SIGNING_SECRET,
  SIGNING_SECRETS,
  TOKEN_THREAD_BY_EXTERNAL_ID,
  TOKEN_THREAD_BY_ID,
} from "./sql.ts";
import { readClaims, signToken, TOKEN_PREFIX, verifyToken } from "./token.ts";

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3_600;

export interface TokenRequest {
  userExternalId: string;
  threadId?: number;
  externalThreadId?: string;
  projectId?: number;
  externalMessageIds?: string[];
  expiresInSeconds?: number;
}

export interface MintedToken {
  token: string;
  expiresAt: string;
}

export const isFeedbackToken = (key: string) => key.startsWith(TOKEN_PREFIX);

const newSecret = () => randomBytes(32).toString("base64url");

const caches = new WeakMap<Driver, SigningSecrets>();

/** One cache per database client, as API keys have (src/keys/keyCache.ts): rotating through it is seen at once. */
function secretsOf(driver: Driver): SigningSecrets {
  let secrets = caches.get(driver);
  if (!secrets) {
    secrets = new SigningSecrets({
      load: async (organizationId) => (await driver.rows(SIGNING_SECRET, { organizationId }))[0] ?? null,
      loadAll: () => driver.rows(SIGNING_SECRETS, {}),
    });
    caches.set(driver, secrets);
  }
  return secrets;
}

/** The organization's current secret, made on first use. */
async function currentSecret(driver: Driver, organizationId: number): Promise<SigningSecret> {
  const secrets = secretsOf(driver);
  const cached = secrets.current(organizationId);
  if (cached) return cached;
  const [made] = await driver.rows(FIRST_SIGNING_SECRET, { organizationId, secret: newSecret() });
  const stored = made ?? (await driver.rows(SIGNING_SECRET, { organizationId }))[0]!;
  return secrets.remember(organizationId, signingSecret(stored)).secret!;
}

async function tokenThread(driver: Driver, organizationId: number, request: TokenRequest): Promise<number> {
  const { threadId, externalThreadId, projectId = null } = request;
  if ((threadId === undefined) === (externalThreadId === undefined)) throw invalidInput("Invalid body: send exactly one of threadId and externalThreadId");
  const [thread, another] =
    threadId !== undefined
      ? await driver.rows(TOKEN_THREAD_BY_ID, { organizationId, threadId, projectId })
      : await driver.rows(TOKEN_THREAD_BY_EXTERNAL_ID, { organizationId, threadExternalId: externalThreadId!, projectId });
  if (!thread) throw notFound("Thread not found");
  if (another) throw ambiguousThread(externalThreadId!);
  return thread.id;
}

/**
 * A token for one user's votes on one thread (on the messages named, when some are). The thread must
 * exist; the user need not: a token names who may vote, and the giver is created by the first vote,
 * as a public key's would be. Nothing is written but the organization's secret, on its first token.
 */
export async function mintToken({ driver }: Pick<Database, "driver">, organizationId: number, request: TokenRequest, now = Date.now()): Promise<MintedToken> {
  const threadId = await tokenThread(driver, organizationId, request);
  const { keyId, key } = await currentSecret(driver, organizationId);
  const issuedAt = Math.floor(now / 1000);
  // Rounded up to the second a token counts in: it lives at least as long as asked (up to a second more), never less.
  const expiresAt = Math.ceil(now / 1000 + (request.expiresInSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS));
  const messageExternalIds = request.externalMessageIds?.length ? [...new Set(request.externalMessageIds)] : undefined;
  const token = signToken({ organizationId, keyId, userExternalId: request.userExternalId, threadId, messageExternalIds, issuedAt, expiresAt }, key);
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

const tokenPrincipal = (claims: NonNullable<ReturnType<typeof readClaims>>): Principal => ({
  kind: "token",
  organizationId: claims.organizationId,
  grant: { userExternalId: claims.userExternalId, threadId: claims.threadId, messageExternalIds: claims.messageExternalIds },
});

/** The principal of a valid token whose secret is cached: no promise, no database; undefined when authenticateToken must decide. */
export function cachedToken({ driver }: Pick<Database, "driver">, token: string, now = Date.now()): Principal | undefined {
  const claims = readClaims(token);
  const secret = claims && secretsOf(driver).cached(claims.organizationId, claims.keyId, now);
  return secret && verifyToken(token, claims, secret.key, Math.floor(now / 1000)) === "valid" ? tokenPrincipal(claims) : undefined;
}

/**
 * The principal of a valid token; "expired" for one whose signature is good but whose time is up; null
 * for anything else (malformed, another secret, a rotated one). `onlyKnownActive` (a client with too many
 * failures): secrets not cached come from one load of all, never one load per organization the client names.
 */
export async function authenticateToken(
  { driver }: Pick<Database, "driver">,
  token: string,
  { onlyKnownActive = false } = {},
): Promise<Principal | "expired" | null> {
  const claims = readClaims(token);
  if (!claims) return null;
  const secret = await secretsOf(driver).find(claims.organizationId, claims.keyId, { onlyLoadAll: onlyKnownActive });
  if (!secret) return null;
  const verdict = verifyToken(token, claims, secret.key, Math.floor(Date.now() / 1000));
  return verdict === "valid" ? tokenPrincipal(claims) : verdict === "expired" ? "expired" : null;
}

export { SECRET_ROTATED_CHANNEL };

/** The services' cached secrets of `organizationId` (every organization's when absent) forgotten: a rotation was notified, or may have been missed. */
export function forgetSigningSecrets({ driver }: Pick<Database, "driver">, organizationId?: number): void {
  if (organizationId === undefined) secretsOf(driver).forgetAll();
  else secretsOf(driver).forget(organizationId);
}

/** Replaces the organization's signing secret: every token it signed is refused from then on (see SigningSecrets). */
export async function rotateSigningSecret({ driver }: Pick<Database, "driver">, organizationId: number): Promise<{ keyId: number }> {
  const rotated = await driver.transaction(async (tx) => {
    await tx.rows(DELETE_SIGNING_SECRET, { organizationId });
    await tx.rows(NOTIFY_SECRET_ROTATED, { organizationId });
    return (await tx.rows(ROTATED_SECRET, { organizationId, secret: newSecret() }))[0]!;
  });
  secretsOf(driver).forget(organizationId);
  return { keyId: rotated.id };
}
