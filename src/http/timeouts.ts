/** How often Node checks requestMs and headersMs (its default, 30 s, would let a slow client stay up to that much longer). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
