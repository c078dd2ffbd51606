import { createHmac, createSecretKey, randomBytes, type KeyObject } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A new endpoint's signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

/** The HMAC key of a secret: the secret decoded. */
export const signingKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret.slice(SECRET_PREFIX.length), "base64"));

/** The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with the decoded secret. */
export function signature(key: KeyObject, id: string, timestamp: number, body: Buffer): string {
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest("base64")}`;
}

/** The Standard Webhooks headers of one attempt at delivering event `id`. */
export function webhookHeaders(key: KeyObject, id: string, body: Buffer, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(key, id, timestamp, body),
  };
}
