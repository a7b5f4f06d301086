/** Latency figures of one measured endpoint. */
export type LatencySummary = {
  requests: number;
  errors: number;
  durationMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
};

/** Nearest-rank percentile of already sorted values (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarize(latenciesMs: number[], errors: number, durationMs: number): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    requests: sorted.length,
    errors,
    durationMs: Math.round(durationMs),
    requestsPerSecond: Math.round((sorted.length / durationMs) * 1000 * 10) / 10,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    meanMs: round(sorted.length ? total / sorted.length : Number.NaN),
  };
}
