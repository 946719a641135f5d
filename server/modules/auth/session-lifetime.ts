/**
 * How long a session lasts and how often its end is pushed back, given to better-auth and used by the
 * shop's own reading of sessions (viewer.ts), which must agree on when a session is due to be pushed
 * back: better-auth's defaults, written down so that both read them from one place.
 */
export const sessionLifetime = {
  /** A session ends a week after it was last pushed back. */
  expiresInSeconds: 7 * 24 * 60 * 60,
  /** A session used a day after it was last pushed back is pushed back again. */
  updateAgeSeconds: 24 * 60 * 60,
} as const;
