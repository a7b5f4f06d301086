/** No single wait longer than this, so the retry window is covered by several late attempts rather than one. */
const MAX_DELAY_SECONDS = 6 * 3600;

/**
 * The wait after failed attempt `attempt` (1-based): base·2^(attempt−1), capped at 6 h, ±20 % jitter so that
 * endpoints failing together do not retry together. With the defaults (30 s, 24 h): 30 s, 1 min, 2 min, … about
 * 14 attempts over a day.
 */
export function retryDelayMs(attempt: number, baseSeconds: number, random = Math.random): number {
  const seconds = Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), MAX_DELAY_SECONDS);
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

/** The next attempt's time, or null when it would fall past the retry window (the series has failed for good). */
export function nextAttemptAt(input: { attempt: number; seriesStartedAt: Date; now: Date; baseSeconds: number; windowSeconds: number }): Date | null {
  const at = new Date(input.now.getTime() + retryDelayMs(input.attempt, input.baseSeconds));
  return at.getTime() - input.seriesStartedAt.getTime() > input.windowSeconds * 1000 ? null : at;
}
