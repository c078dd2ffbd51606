/**
 * `npm run bench:tokens`: the CPU a feedback token's check costs, as the key check runs it on every vote
 * (read the claims, find the cached secret, HMAC-SHA256 and compare in constant time): per check, in
 * process CPU time, for a token naming no messages and one naming 20 of 255 characters (the largest mint makes).
 *
 *   npm run bench:tokens
 *   npm run bench:tokens -- --checks 500000
 */
import { createSecretKey, randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { signingSecret, SigningSecrets } from "../../src/tokens/secrets.ts";
import { MAX_TOKEN_MESSAGES, readClaims, signToken, verifyToken, type TokenClaims } from "../../src/tokens/token.ts";

const { values } = parseArgs({ options: { checks: { type: "string", default: "200000" } } });
const checks = Number(values.checks);

const stored = { id: 7, organizationId: 3, secret: randomBytes(32).toString("base64url") };
const secrets = new SigningSecrets({ load: async () => stored, loadAll: async () => [stored] });
secrets.remember(stored.organizationId, signingSecret(stored));
const key = createSecretKey(Buffer.from(stored.secret, "base64url"));

const now = Math.floor(Date.now() / 1000);
const claims: TokenClaims = { organizationId: 3, keyId: 7, userExternalId: "user-0042", threadId: 123_456, issuedAt: now, expiresAt: now + 3600 };
const tokens = {
  "a whole thread": signToken(claims, key),
  "20 named messages of 255 characters": signToken(
    { ...claims, messageExternalIds: Array.from({ length: MAX_TOKEN_MESSAGES }, (_, i) => `${i}`.padEnd(255, "m")) },
    key,
  ),
};

/** The check of src/tokens/tokens.ts's cachedToken: what a vote pays when the secret is cached. */
function check(token: string): boolean {
  const read = readClaims(token);
  const secret = read && secrets.cached(read.organizationId, read.keyId);
  return !!secret && verifyToken(token, read, secret.key, Math.floor(Date.now() / 1000)) === "valid";
}

const BATCH = 1_000;

for (const [name, token] of Object.entries(tokens)) {
  for (let i = 0; i < BATCH; i++) check(token);
  let cpu = 0;
  let valid = 0;
  for (let done = 0; done < checks; done += BATCH) {
    // The cache keeps a secret a few seconds, as the service does: kept fresh between batches, outside the measure.
    secrets.remember(stored.organizationId, signingSecret(stored));
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) if (check(token)) valid++;
    const used = process.cpuUsage(before);
    cpu += used.user + used.system;
  }
  const measured = Math.ceil(checks / BATCH) * BATCH;
  if (valid !== measured) throw new Error(`${name}: ${measured - valid} checks failed`);
  process.stdout.write(`${name} (${token.length} characters): ${(cpu / measured).toFixed(2)} µs CPU per check, ${measured} checks\n`);
}
