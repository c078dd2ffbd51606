import { createSecretKey, type KeyObject } from "node:crypto";
import { KEY_CACHE_TTL_MS } from "../keys/keyCache.ts";

/** An organization's signing secret: its id is the key id its tokens carry. */
export interface SigningSecret {
  keyId: number;
  key: KeyObject;
}

/** A secret as stored: the id and the base64url text of its bytes. */
export interface StoredSecret {
  id: number;
  organizationId: number;
  secret: string;
}

export interface SecretStore {
  /** The organization's secret, or null when it has none yet. */
  load(organizationId: number): Promise<StoredSecret | null>;
  /** Every organization's secret: for callers that must not cost a load per organization they name. */
  loadAll(): Promise<StoredSecret[]>;
}

const MAX_ORGANIZATIONS = 10_000;

export const signingSecret = ({ id, secret }: StoredSecret): SigningSecret => ({ keyId: id, key: createSecretKey(Buffer.from(secret, "base64url")) });

interface Entry {
  secret: SigningSecret | null;
  expiresAt: number;
}

/**
 * The organizations' signing secrets in memory, so that a token is checked without a database round trip.
 * An entry is trusted for KEY_CACHE_TTL_MS, as an API key is: a rotation through the same database client
 * is seen at once, one elsewhere (the admin CLI, another instance) once notified (PostgreSQL), else within that time, because after it
 * every instance loads the secret again before trusting one. A shorter wait (a version checked per
 * request) would cost the round trip tokens exist to avoid; an API key's revocation already works this way.
 *
 * Secrets are one per organization and their ids only grow, so a token's key id tells what a miss means:
 * an id below the cached one's was rotated away (refused, no load); one above it may come from a rotation
 * on another instance: the secret is loaded again (one load at a time per organization).
 */
export class SigningSecrets {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<Entry>>();
  private all?: { loaded: Promise<void>; expiresAt: number };
  /** Counts forget() calls: a load begun before one must not bring back the secret it forgot. */
  private forgotten = 0;

  constructor(private readonly store: SecretStore) {}

  /** The secret that signed key id `keyId` if it is cached and current; undefined when only a load can tell. */
  cached(organizationId: number, keyId: number, now = Date.now()): SigningSecret | null | undefined {
    const entry = this.entries.get(organizationId);
    if (!entry || entry.expiresAt <= now) return undefined;
    if (entry.secret?.keyId === keyId) return entry.secret;
    return entry.secret && entry.secret.keyId > keyId ? null : undefined;
  }

  /**
   * The secret of key id `keyId`, or null when it is not (or no longer) the organization's. With
   * `onlyLoadAll`, organizations not cached are learned from one load of every secret (kept as long as an
   * entry), so that a client naming many organizations costs no load for each: what that load did not
   * find is refused.
   */
  async find(organizationId: number, keyId: number, { onlyLoadAll = false } = {}): Promise<SigningSecret | null> {
    const cached = this.cached(organizationId, keyId);
    if (cached !== undefined) return cached;
    if (onlyLoadAll) {
      await this.loadAll();
      return this.cached(organizationId, keyId) ?? null;
    }
    const { secret } = await this.reload(organizationId);
    return secret?.keyId === keyId ? secret : null;
  }

  /** The organization's current secret (for signing), undefined when it must be loaded or made. */
  current(organizationId: number, now = Date.now()): SigningSecret | null | undefined {
    const entry = this.entries.get(organizationId);
    return entry && entry.expiresAt > now ? entry.secret : undefined;
  }

  remember(organizationId: number, secret: SigningSecret | null, now = Date.now()): Entry {
    const entry = { secret, expiresAt: now + KEY_CACHE_TTL_MS };
    this.entries.delete(organizationId);
    if (this.entries.size >= MAX_ORGANIZATIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(organizationId, entry);
    return entry;
  }

  /** After a rotation through this client, or one notified: the old secret is refused at once. */
  forget(organizationId: number): void {
    this.entries.delete(organizationId);
    this.all = undefined;
    this.forgotten++;
  }

  /** Rotations may have been missed (the notifications' connection broke): every secret is loaded again. */
  forgetAll(): void {
    this.entries.clear();
    this.all = undefined;
    this.forgotten++;
  }

  private reload(organizationId: number): Promise<Entry> {
    let loading = this.loading.get(organizationId);
    if (!loading) {
      const forgotten = this.forgotten;
      loading = this.store
        .load(organizationId)
        .then((stored) => {
          const entry = { secret: stored && signingSecret(stored), expiresAt: 0 };
          return forgotten === this.forgotten ? this.remember(organizationId, entry.secret) : entry;
        })
        .finally(() => this.loading.delete(organizationId));
      this.loading.set(organizationId, loading);
    }
    return loading;
  }

  private loadAll(now = Date.now()): Promise<void> {
    if (!this.all || this.all.expiresAt <= now) {
      const forgotten = this.forgotten;
      const loaded = this.store.loadAll().then((secrets) => {
        const at = Date.now();
        if (forgotten === this.forgotten) for (const stored of secrets) this.remember(stored.organizationId, signingSecret(stored), at);
      });
      this.all = { loaded, expiresAt: now + KEY_CACHE_TTL_MS };
      loaded.catch(() => (this.all = undefined));
    }
    return this.all.loaded;
  }
}
