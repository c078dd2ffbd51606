import type { Principal } from "./keys.ts";

export const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: Principal;
  prefix: string;
  expiresAt: number;
}

/**
 * Valid keys seen lately, by the hash of the key, so that most requests skip the key lookup.
 * An entry is trusted for KEY_CACHE_TTL_MS: a key revoked through the same database client is
 * forgotten at once; one revoked elsewhere (another instance, the admin CLI) stops working
 * within that time. Unknown and revoked keys are never cached.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  get(hash: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(hash);
    if (entry && entry.expiresAt > now) return entry.principal;
    if (entry) this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, prefix: string, principal: Principal, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { principal, prefix, expiresAt: now + KEY_CACHE_TTL_MS });
  }

  forget(prefix: string): void {
    for (const [hash, entry] of this.entries) if (entry.prefix === prefix) this.entries.delete(hash);
  }
}

const caches = new WeakMap<object, KeyCache>();

/** One cache per database client, so that two databases in one process never share keys. */
export function keyCacheOf(db: object): KeyCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new KeyCache()));
  return cache;
}
