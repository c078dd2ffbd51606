import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/types.ts";
import type { TokenGrant } from "../tokens/grant.ts";
import type { KeyCache } from "./keyCache.ts";

export type KeyKind = "private" | "public";

export const KEY_PREFIXES: Record<KeyKind, string> = { private: "sk_", public: "pk_" };

/** What a request may authenticate with: an API key of either kind, or a feedback token (src/tokens/). */
export type CredentialKind = KeyKind | "token";

/** What a valid key grants: its organization, and its kind; a feedback token, what its payload grants. */
export type Principal = { organizationId: number; kind: KeyKind; keyId: number } | { organizationId: number; kind: "token"; grant: TokenGrant };

export interface CreatedKey {
  kind: KeyKind;
  /** The key itself: shown once, never stored. */
  key: string;
  /** A non-secret start of the key, to tell keys apart when listing and revoking. */
  prefix: string;
}

export interface KeySummary {
  kind: KeyKind;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const DISPLAY_PREFIX_LENGTH = 11;

/** The non-secret start of a key, as listings show it. */
export const displayPrefix = (key: string) => key.slice(0, DISPLAY_PREFIX_LENGTH);

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export function generateKey(kind: KeyKind): CreatedKey {
  const key = KEY_PREFIXES[kind] + randomBytes(24).toString("base64url");
  return { kind, key, prefix: displayPrefix(key) };
}

export async function createApiKey(db: Db, organizationId: number, kind: KeyKind): Promise<CreatedKey> {
  const created = generateKey(kind);
  await db.apiKey.create({
    data: { organizationId, kind, prefix: created.prefix, hash: hashKey(created.key) },
  });
  return created;
}

export async function listApiKeys(db: Db, organizationId: number): Promise<KeySummary[]> {
  const keys = await db.apiKey.findMany({
    where: { organizationId },
    orderBy: { id: "asc" },
    select: { kind: true, prefix: true, createdAt: true, revokedAt: true },
  });
  return keys.map((key) => ({ ...key, kind: key.kind as KeyKind }));
}

/** The channel a revocation is notified on, with the key's display prefix: every service on the database forgets it at once. */
export const KEY_REVOKED_CHANNEL = "api_key_revoked";

/**
 * Revokes the key given whole, or by the display prefix `keys list` shows (a key is longer than its
 * prefix); false when no active key matches. A service's cache forgets it at once when given, and the services
 * on PostgreSQL when notified (the admin CLI's, another instance's revocation); one whose notifications are
 * broken, within KEY_CACHE_TTL_MS.
 */
export async function revokeApiKey(db: Db, keyOrPrefix: string, cache?: KeyCache<Principal>): Promise<boolean> {
  const whole = keyOrPrefix.length > DISPLAY_PREFIX_LENGTH;
  const prefix = displayPrefix(keyOrPrefix);
  const [{ count }] = await db.$transaction([
    db.apiKey.updateMany({
      where: { ...(whole ? { hash: hashKey(keyOrPrefix) } : { prefix: keyOrPrefix }), revokedAt: null },
      data: { revokedAt: new Date() },
    }),
    // Delivered on commit, to the services LISTENing (src/services.ts).
    db.$executeRaw`SELECT pg_notify(${KEY_REVOKED_CHANNEL}, ${prefix})`,
  ]);
  cache?.forget(prefix);
  return count > 0;
}

/** Whether the key given whole, or the keys of that prefix, were revoked already: what a revocation that changed nothing tells the admin. */
export async function isRevoked(db: Db, keyOrPrefix: string): Promise<boolean> {
  const whole = keyOrPrefix.length > DISPLAY_PREFIX_LENGTH;
  return (await db.apiKey.count({ where: { ...(whole ? { hash: hashKey(keyOrPrefix) } : { prefix: keyOrPrefix }), revokedAt: { not: null } } })) > 0;
}

export interface AuthenticateOptions {
  /**
   * Look up only keys among the active keys' hashes (one query for all, kept a few seconds): for
   * clients that send many unknown keys, so that each does not cost a lookup.
   */
  onlyKnownActive?: boolean;
}

async function activeKeyHashes(db: Db): Promise<Set<string>> {
  const keys = await db.apiKey.findMany({ where: { revokedAt: null }, select: { hash: true } });
  return new Set(keys.map((key) => key.hash));
}

/** The principal of a key the cache holds as valid; undefined when authenticate must decide. */
export function cachedPrincipal(cache: KeyCache<Principal>, key: string): Principal | undefined {
  return cache.get(hashKey(key));
}

/** The principal of an active key, or null for an unknown or revoked one (see KeyCache). */
export async function authenticate(
  db: Db,
  cache: KeyCache<Principal>,
  key: string,
  { onlyKnownActive = false }: AuthenticateOptions = {},
): Promise<Principal | null> {
  const hash = hashKey(key);
  const cached = cache.get(hash);
  if (cached) return cached;
  if (cache.isKnownInvalid(hash)) return null;
  if (onlyKnownActive && !(await cache.activeHashes(() => activeKeyHashes(db))).has(hash)) return null;
  const found = await db.apiKey.findUnique({
    where: { hash },
    select: { id: true, organizationId: true, kind: true, prefix: true, revokedAt: true },
  });
  if (!found || found.revokedAt) {
    cache.setInvalid(hash);
    return null;
  }
  const principal = { organizationId: found.organizationId, kind: found.kind as KeyKind, keyId: found.id };
  cache.set(hash, found.prefix, principal);
  return principal;
}
