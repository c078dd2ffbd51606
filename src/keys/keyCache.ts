export const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<Principal> {
  principal: Principal;
  prefix: string;
  expiresAt: number;
}

/** A Map that forgets its oldest entry past MAX_ENTRIES, so that unknown keys cannot grow memory without bound. */
function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Keys seen lately, by the hash of the key, so that most requests skip the key lookup; the services
 * own one (src/services.ts), so that two services in one process never share keys.
 * A valid key is trusted for KEY_CACHE_TTL_MS: a key revoked through the services that own it is
 * forgotten at once; one revoked elsewhere (another instance, the admin CLI) as soon as its notification
 * arrives (PostgreSQL), else within that time. An unknown or revoked key is remembered as such for as long, so that a
 * client repeating a bad key costs one lookup per KEY_CACHE_TTL_MS (a key is created with a
 * fresh random value, so no new key is ever among them). `activeHashes` holds the hashes of all
 * active keys, loaded at once, for callers that must not cost a lookup per unknown key.
 */
export class KeyCache<Principal> {
  private readonly valid = new Map<string, Entry<Principal>>();
  private readonly invalid = new Map<string, number>();
  private active?: { hashes: Promise<Set<string>>; expiresAt: number };

  get(hash: string, now = Date.now()): Principal | undefined {
    const entry = this.valid.get(hash);
    if (entry && entry.expiresAt > now) return entry.principal;
    if (entry) this.valid.delete(hash);
    return undefined;
  }

  set(hash: string, prefix: string, principal: Principal, now = Date.now()): void {
    setBounded(this.valid, hash, { principal, prefix, expiresAt: now + KEY_CACHE_TTL_MS });
  }

  isKnownInvalid(hash: string, now = Date.now()): boolean {
    const expiresAt = this.invalid.get(hash);
    if (expiresAt !== undefined && expiresAt <= now) this.invalid.delete(hash);
    return expiresAt !== undefined && expiresAt > now;
  }

  setInvalid(hash: string, now = Date.now()): void {
    setBounded(this.invalid, hash, now + KEY_CACHE_TTL_MS);
  }

  activeHashes(load: () => Promise<Set<string>>, now = Date.now()): Promise<Set<string>> {
    if (!this.active || this.active.expiresAt <= now) {
      const hashes = load();
      this.active = { hashes, expiresAt: now + KEY_CACHE_TTL_MS };
      // A failed load is not kept: the next caller tries again.
      hashes.catch(() => (this.active = undefined));
    }
    return this.active.hashes;
  }

  forget(prefix: string): void {
    for (const [hash, entry] of this.valid) if (entry.prefix === prefix) this.valid.delete(hash);
    this.active = undefined;
  }

  /** Forgets every valid key: revocations may have been missed (the notifications' connection broke). */
  forgetAll(): void {
    this.valid.clear();
    this.active = undefined;
  }
}
