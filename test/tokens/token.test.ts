import { createHmac, createSecretKey, randomBytes } from "node:crypto";
import t from "tap";
import { redactKeys } from "../../src/http/logSafety.ts";
import { SigningSecrets, type StoredSecret } from "../../src/tokens/secrets.ts";
import { MAX_TOKEN_LENGTH, readClaims, signToken, verifyToken, type TokenClaims } from "../../src/tokens/token.ts";
import { KEY_CACHE_TTL_MS } from "../../src/keys/keyCache.ts";

// The token itself, without HTTP or a database: what verifies, and every way of getting it wrong.

const secret = createSecretKey(randomBytes(32));
const otherSecret = createSecretKey(randomBytes(32));
const NOW = 1_800_000_000;
const claims: TokenClaims = { organizationId: 3, keyId: 5, userExternalId: "user-1", threadId: 9, issuedAt: NOW, expiresAt: NOW + 3600 };
const token = signToken(claims, secret);

const verdict = (candidate: string, key = secret, now = NOW) => {
  const read = readClaims(candidate);
  return read ? verifyToken(candidate, read, key, now) : "unreadable";
};
/** The payload array with some of its fields replaced (index: value). */
const changed = (payload: unknown[], fields: Record<number, unknown>) => payload.map((value, index) => (index in fields ? fields[index] : value));
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** A token over any payload, signed with `key` as the service signs: for payloads mint never makes. */
const forged = (payload: unknown, key = secret) => {
  const signed = `ft_${base64url(payload)}`;
  return `${signed}.${createHmac("sha256", key).update(signed).digest("base64url")}`;
};

t.test("a token reads back its claims and verifies until it expires", async (t) => {
  t.match(token, /^ft_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  t.same(readClaims(token), claims);
  t.equal(verdict(token), "valid");
  t.equal(verdict(token, secret, NOW + 3599), "valid");
  t.equal(verdict(token, secret, NOW + 3600), "expired");
  const scoped = signToken({ ...claims, messageExternalIds: ["m1", "m2"] }, secret);
  t.same(readClaims(scoped)?.messageExternalIds, ["m1", "m2"]);
  t.equal(verdict(scoped), "valid");
});

t.test("bad input: never valid, never a throw", async (t) => {
  const [signed, mac] = token.split(".") as [string, string];
  const payload = signed.slice(3);
  const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as unknown[];
  const cases: Record<string, string> = {
    empty: "",
    "prefix only": "ft_",
    "truncated signature": token.slice(0, -1),
    "truncated payload": `ft_${payload.slice(0, -2)}.${mac}`,
    "no signature": signed,
    "empty signature": `${signed}.`,
    "padded signature": `${token}=`,
    "padded payload": `ft_${payload}==.${mac}`,
    "whitespace inside": `ft_${payload} .${mac}`,
    "another prefix": `pk_${payload}.${mac}`,
    "changed payload (another user)": `ft_${base64url(changed(decoded, { 3: "user-2" }))}.${mac}`,
    "changed payload (another thread)": `ft_${base64url(changed(decoded, { 4: 10 }))}.${mac}`,
    "changed payload (later expiry)": `ft_${base64url(changed(decoded, { 6: NOW + 7200 }))}.${mac}`,
    "signature of another token": `${signToken({ ...claims, threadId: 10 }, secret).split(".")[0]}.${mac}`,
    "another organization's secret": signToken(claims, otherSecret),
    "alg none, JWT style": `ft_${base64url({ alg: "none", typ: "JWT" })}.${base64url(decoded)}.`,
    "JWT header with HS256": `ft_${base64url({ alg: "HS256" })}.${payload}.${mac}`,
    "a SHA-1 signature": `${signed}.${createHmac("sha1", secret).update(signed).digest("base64url")}`,
    "SHA-256 without the key": `${signed}.${createHmac("sha256", Buffer.alloc(0)).update(signed).digest("base64url")}`,
    "huge token": `ft_${"A".repeat(MAX_TOKEN_LENGTH)}.${mac}`,
    "huge header (long payload, well signed)": forged([1, 3, 5, "u".repeat(MAX_TOKEN_LENGTH), 9, NOW, NOW + 60]),
    "not JSON": `ft_${Buffer.from("{not json").toString("base64url")}.${mac}`,
    "an object, not the array": forged({ organizationId: 3, keyId: 5 }),
    "another version": forged(changed(decoded, { 0: 2 })),
    "a string id": forged(changed(decoded, { 1: "3" })),
    "a fractional thread": forged(changed(decoded, { 4: 9.5 })),
    "an empty user": forged(changed(decoded, { 3: "" })),
    "an empty message list": forged([...decoded, []]),
    "too many messages": forged([...decoded, Array.from({ length: 21 }, (_, i) => `m${i}`)]),
    "a field too many": forged([...decoded, ["m1"], "extra"]),
    "issued in the future": forged(changed(decoded, { 5: NOW + 3600, 6: NOW + 7200 })),
    "expiry beyond 24 h and the second mint rounds up": forged(changed(decoded, { 6: NOW + 86_402 })),
    "expiry before issue": forged(changed(decoded, { 6: NOW - 1 })),
  };
  for (const [name, candidate] of Object.entries(cases)) {
    let result: string;
    try {
      result = verdict(candidate);
    } catch (error) {
      result = `threw ${(error as Error).message}`;
    }
    t.not(result, "valid", name);
    t.notMatch(result, /^threw/, `${name}: no throw`);
  }
  t.equal(verdict(forged(decoded)), "valid", "the forging helper signs as the service does");
  t.equal(verdict(forged(changed(decoded, { 6: NOW + 86_401 }))), "valid", "24 h and the second mint rounds up to is allowed");
  t.equal(verdict(forged(changed(decoded, { 5: NOW + 10, 6: NOW + 70 }))), "valid", "a few seconds of another instance's clock is allowed");
});

/** A store whose secrets the test sets, counting loads. */
function fakeStore() {
  const stored = new Map<number, StoredSecret>();
  const loads = { one: 0, all: 0 };
  return {
    stored,
    loads,
    store: {
      load: async (organizationId: number) => (loads.one++, stored.get(organizationId) ?? null),
      loadAll: async () => (loads.all++, [...stored.values()]),
    },
  };
}
const stored = (id: number, organizationId: number): StoredSecret => ({ id, organizationId, secret: randomBytes(32).toString("base64url") });

t.test("signing secrets: cached for a while, loaded again on a newer key id, an older one refused without a load", async (t) => {
  const { stored: rows, loads, store } = fakeStore();
  const secrets = new SigningSecrets(store);
  rows.set(1, stored(10, 1));
  t.equal(secrets.cached(1, 10), undefined, "nothing cached yet");
  t.equal((await secrets.find(1, 10))?.keyId, 10);
  t.equal(loads.one, 1);
  t.equal(secrets.cached(1, 10)?.keyId, 10, "then cached");
  t.equal(await secrets.find(1, 9), null, "an older key id: rotated away");
  t.equal(loads.one, 1, "without a load");

  rows.set(1, stored(11, 1));
  t.equal((await secrets.find(1, 11))?.keyId, 11, "a newer key id (a rotation elsewhere) loads the secret again");
  t.equal(secrets.cached(1, 10), null, "and the old one is refused from then on");
  t.equal(loads.one, 2);

  rows.set(1, stored(12, 1));
  t.equal(secrets.cached(1, 11, Date.now() + KEY_CACHE_TTL_MS - 100)?.keyId, 11, "a rotation elsewhere is not seen before the entry expires…");
  t.equal(secrets.cached(1, 11, Date.now() + KEY_CACHE_TTL_MS + 1), undefined, "…and must be loaded after");

  const [first, second] = await Promise.all([secrets.find(2, 1), secrets.find(2, 1)]);
  t.equal(first, null);
  t.equal(second, null);
  t.equal(loads.one, 3, "concurrent misses share one load");

  secrets.forget(1);
  t.equal(secrets.cached(1, 11), undefined, "a rotation through this client forgets the secret at once");
});

t.test("signing secrets for a client with too many failures: one load of all, never one per organization named", async (t) => {
  const { stored: rows, loads, store } = fakeStore();
  const secrets = new SigningSecrets(store);
  rows.set(1, stored(10, 1));
  rows.set(2, stored(20, 2));
  t.equal((await secrets.find(2, 20, { onlyLoadAll: true }))?.keyId, 20, "a valid token still verifies");
  for (let organizationId = 100; organizationId < 110; organizationId++) t.equal(await secrets.find(organizationId, 1, { onlyLoadAll: true }), null);
  t.same(loads, { one: 0, all: 1 });
});

t.test("a token is redacted from log lines, signature included, like a key", async (t) => {
  t.equal(redactKeys(`refused ${token} twice`), "refused ft_[REDACTED] twice");
  t.equal(redactKeys(`/x?t=${encodeURIComponent(token)}`), "/x?t=ft_[REDACTED]");
});

t.test("a load begun before a rotation through this client does not bring the old secret back", async (t) => {
  let release!: (secret: StoredSecret) => void;
  const secrets = new SigningSecrets({ load: () => new Promise((resolve) => (release = resolve)), loadAll: async () => [] });
  const finding = secrets.find(1, 10);
  secrets.forget(1);
  release(stored(10, 1));
  await finding;
  t.equal(secrets.cached(1, 10), undefined, "not cached: the next check loads the secret again");
});
