import { performance } from 'node:perf_hooks';
import { summarize, type LatencySummary } from './stats';

export type LoadOptions = {
  /** Clients sending one request after another, each waiting for its response. */
  concurrency: number;
  /** Stop after this many requests in total… */
  maxRequests: number;
  /** …or after this long, whichever comes first. */
  maxDurationMs: number;
  /** Sends request number i and returns its HTTP status; the body must have been read. */
  send: (i: number) => Promise<number>;
  /** The status that counts as a success. */
  expectStatus?: number;
};

export type LoadResult = LatencySummary & { statuses: Record<string, number> };

/**
 * A closed-loop load: `concurrency` clients each send a request, wait for the whole response, and send the next,
 * until the request or time budget is spent. Latency is measured per request, from send to the last byte.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const expect = options.expectStatus ?? 200;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.maxDurationMs;
  const client = async () => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      let status: number | string;
      try {
        status = await options.send(i);
      } catch (error) {
        status = `error:${(error as Error).name}`;
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== expect) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return { ...summarize(latencies, errors, performance.now() - started), statuses };
}

/** A GET with an API key that reads the whole body (so the connection goes back to the keep-alive pool). */
export function getter(baseUrl: string, apiKey: string) {
  return async (path: string): Promise<number> => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
    await res.arrayBuffer();
    return res.status;
  };
}
