export interface HttpTimeouts {
  /** The whole request, headers and body, must have arrived within this (a slow sender gets a 408). */
  requestMs: number;
  /** The request line and headers must have arrived within this (at most requestMs). */
  headersMs: number;
  /** A connection with no traffic at all for this long is closed. */
  connectionMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 10_000, connectionMs: 60_000, keepAliveMs: 72_000 };
/** How often Node checks requestMs and headersMs (its default, 30 s, would let a slow client stay up to that much longer). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
