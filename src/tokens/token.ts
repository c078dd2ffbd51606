import { createHmac, timingSafeEqual, type KeyObject } from "node:crypto";

/**
 * The feedback token: `ft_<base64url(payload)>.<base64url(HMAC-SHA256)>`, the MAC over everything before the
 * dot. The payload is a JSON array, `[version, organizationId, keyId, userExternalId, threadId, issuedAt,
 * expiresAt, messageExternalIds?]` (times in seconds since the epoch): compact, and with a single algorithm
 * and no header there is nothing for a client to choose (no `alg` to play games with).
 */
export const TOKEN_PREFIX = "ft_";
const VERSION = 1;
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400;
export const MAX_TOKEN_MESSAGES = 20;
const MAX_NAME_LENGTH = 255;
/** Room for the largest payload mint can sign (20 message ids of 255 characters); anything longer is refused unread. */
export const MAX_TOKEN_LENGTH = 8_192;
/** How far ahead of this instance's clock a token may have been issued (by another instance's clock). */
const CLOCK_SKEW_SECONDS = 30;
/** base64url of the 32 bytes of an HMAC-SHA256, without padding. */
const MAC_LENGTH = 43;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a token grants, as its payload says. */
export interface TokenClaims {
  organizationId: number;
  /** The id of the organization's signing secret that signed it. */
  keyId: number;
  userExternalId: string;
  threadId: number;
  /** The only messages it may vote on; absent: any message of the thread. */
  messageExternalIds?: string[];
  issuedAt: number;
  expiresAt: number;
}

const mac = (secret: KeyObject, signed: string) => createHmac("sha256", secret).update(signed).digest("base64url");

export function signToken(claims: TokenClaims, secret: KeyObject): string {
  const { organizationId, keyId, userExternalId, threadId, messageExternalIds, issuedAt, expiresAt } = claims;
  const payload = [VERSION, organizationId, keyId, userExternalId, threadId, issuedAt, expiresAt, ...(messageExternalIds ? [messageExternalIds] : [])];
  const signed = TOKEN_PREFIX + Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${signed}.${mac(secret, signed)}`;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isName = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= MAX_NAME_LENGTH;
const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.length <= MAX_TOKEN_MESSAGES && value.every(isName);

/** The claims of something shaped like a token, not yet verified: null for anything else (bounded before it is read). */
export function readClaims(token: string): TokenClaims | null {
  if (token.length > MAX_TOKEN_LENGTH || !token.startsWith(TOKEN_PREFIX)) return null;
  const dot = token.indexOf(".");
  if (dot < 0 || token.length - dot - 1 !== MAC_LENGTH) return null;
  // The payload's characters are not checked here: the MAC is over them as they are, so that only a string this service signed verifies.
  if (!BASE64URL.test(token.slice(dot + 1))) return null;
  const encoded = token.slice(TOKEN_PREFIX.length, dot);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(payload) || (payload.length !== 7 && payload.length !== 8)) return null;
  const [version, organizationId, keyId, userExternalId, threadId, issuedAt, expiresAt, messageExternalIds] = payload as unknown[];
  if (version !== VERSION || !isId(organizationId) || !isId(keyId) || !isName(userExternalId) || !isId(threadId)) return null;
  if (!isId(issuedAt) || !isId(expiresAt) || (payload.length === 8 && !isNames(messageExternalIds))) return null;
  return { organizationId, keyId, userExternalId, threadId, issuedAt, expiresAt, ...(payload.length === 8 ? { messageExternalIds: messageExternalIds as string[] } : {}) };
}

export type Verdict = "valid" | "expired" | "invalid";

/**
 * Whether `token`, whose claims readClaims read, was signed with `secret` (compared in constant time) and
 * holds now. Only a token with a good signature can be "expired"; one issued in the future or for longer
 * than mint allows was not signed by this service's rules: invalid.
 */
export function verifyToken(token: string, claims: TokenClaims, secret: KeyObject, nowSeconds: number): Verdict {
  const dot = token.indexOf(".");
  const expected = Buffer.from(mac(secret, token.slice(0, dot)));
  if (!timingSafeEqual(expected, Buffer.from(token.slice(dot + 1)))) return "invalid";
  const { issuedAt, expiresAt } = claims;
  // Mint rounds the expiry up to the second: a token may span one second more than its lifetime.
  if (issuedAt > nowSeconds + CLOCK_SKEW_SECONDS || expiresAt <= issuedAt || expiresAt - issuedAt > MAX_TOKEN_LIFETIME_SECONDS + 1) return "invalid";
  return expiresAt <= nowSeconds ? "expired" : "valid";
}
