import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { ERROR_STATUS } from '@/server/errors';
import type { BodyVariant } from './hostile-input';

/**
 * The properties every response of every route must have, whatever was sent, and the bookkeeping of the
 * property suites (how many inputs each route was tried with).
 */

/** Runs per property. The default keeps the whole property suite under a minute on a small machine. */
export const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

/** fast-check parameters; PROPERTY_SEED replays the run a failure printed. */
export function runs(numRuns = RUNS): { numRuns: number; seed?: number } {
  return { numRuns, ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}) };
}

export type Probe = {
  method: string;
  /** Path and query string, already encoded (or deliberately not). */
  path: string;
  headers: [string, string][];
  contentType?: string | null;
  body?: BodyVariant;
};

export type Reply = { status: number; headers: Headers; text: string; json: any };

const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;
const INTERNALS = /Failed query|node_modules|\n\s+at |TRPCError|drizzle|postgres\.js/i;

/** Sends a probe with fetch; a response that takes longer than the timeout counts as a hang. */
export async function send(baseUrl: string, probe: Probe): Promise<Reply> {
  const headers: [string, string][] = [...probe.headers];
  if (probe.contentType !== undefined && probe.contentType !== null && probe.body && probe.body.kind !== 'none') {
    headers.push(['content-type', probe.contentType]);
  }
  let body: BodyInit | undefined;
  let duplex: 'half' | undefined;
  const kind = probe.body?.kind ?? 'none';
  if (probe.body?.kind === 'json') body = new TextEncoder().encode(probe.body.text) as unknown as BodyInit;
  else if (probe.body?.kind === 'bytes') body = probe.body.bytes as unknown as BodyInit;
  else if (probe.body?.kind === 'stream') {
    body = streamOf(probe.body.size);
    duplex = 'half';
  }
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${probe.path}`, {
      method: probe.method,
      headers,
      body: kind === 'none' ? undefined : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      ...(duplex ? { duplex } : {}),
    } as RequestInit);
  } catch (error) {
    if (process.env.PROPERTY_DEBUG) console.error(`${describe(probe)} → no response`);
    throw new Error(`${describe(probe)}: no response (${(error as Error).message}; ${String((error as { cause?: unknown }).cause ?? '')})`);
  }
  const text = await res.text();
  if (process.env.PROPERTY_DEBUG) console.error(`${describe(probe)} → ${res.status}`);
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A chunked body of `size` bytes with no Content-Length: the limit must hold while streaming. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"a":"'));
      if (sent >= size) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

export function describe(probe: Probe, reply?: Reply): string {
  const path = probe.path.length > 160 ? `${probe.path.slice(0, 160)}…(${probe.path.length} chars)` : probe.path;
  const body =
    probe.body?.kind === 'json' ? (probe.body.text.length > 200 ? `${probe.body.text.slice(0, 200)}…(${probe.body.text.length})` : probe.body.text) : probe.body?.kind;
  const headers = probe.headers.map(([k, v]) => `${k}: ${v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v}`).join(' | ');
  const answer = reply ? ` → ${reply.status} ${reply.text.slice(0, 300)}` : '';
  return `${probe.method} ${path} [${headers}] [ct ${probe.contentType}] ${JSON.stringify(body)}${answer}`;
}

export class PropertyViolation extends Error {}

export function check(condition: unknown, message: string, probe: Probe, reply?: Reply): asserts condition {
  if (!condition) throw new PropertyViolation(`${message}\n  ${describe(probe, reply)}`);
}

/**
 * What holds for every response: never a 5xx, a request id header, no internals in the body, and on every
 * non-2xx the contract's envelope with a known code whose status is the response's.
 */
export function checkContract(probe: Probe, reply: Reply): void {
  check(reply.status < 500, `server error ${reply.status}`, probe, reply);
  check(reply.status < 300 || reply.status >= 400, `unexpected redirect ${reply.status}`, probe, reply);
  const requestId = reply.headers.get('x-request-id');
  check(requestId && REQUEST_ID.test(requestId), `missing or spoofable X-Request-Id (${requestId})`, probe, reply);
  check(!INTERNALS.test(reply.text), 'internals in the body', probe, reply);
  if (reply.status < 400) {
    if (probe.method !== 'HEAD' && reply.status !== 204 && (reply.headers.get('content-type') ?? '').includes('json')) {
      check(reply.json !== undefined, 'a 2xx JSON response that does not parse', probe, reply);
    }
    return;
  }
  const error = reply.json?.error;
  check(error && typeof error === 'object' && Object.keys(reply.json).length === 1, 'no error envelope', probe, reply);
  const allowed = new Set(['code', 'message', 'requestId', 'issues', 'existingId']);
  check(Object.keys(error).every((k) => allowed.has(k)), `unexpected envelope keys ${Object.keys(error)}`, probe, reply);
  check(typeof error.code === 'string' && error.code in ERROR_STATUS, `unknown error code ${error.code}`, probe, reply);
  check(ERROR_STATUS[error.code as keyof typeof ERROR_STATUS] === reply.status, `code ${error.code} with status ${reply.status}`, probe, reply);
  check(typeof error.message === 'string' && error.message.length > 0, 'empty error message', probe, reply);
  check(error.requestId === requestId, 'envelope requestId differs from X-Request-Id', probe, reply);
  if (error.issues !== undefined) {
    check(error.code === 'VALIDATION_ERROR', 'issues outside a validation error', probe, reply);
    check(
      Array.isArray(error.issues) && error.issues.length > 0 && error.issues.every((i: any) => typeof i?.path === 'string' && typeof i?.message === 'string'),
      'malformed issues',
      probe,
      reply,
    );
  }
  if (reply.status === 429 || reply.status === 503) check(/^\d+$/.test(reply.headers.get('retry-after') ?? ''), 'no Retry-After', probe, reply);
}

export type Fingerprint = Record<string, string | number | null>;

/** What a request could have written for these organizations: row counts and the latest updates. */
export async function fingerprint(db: Database, orgIds: string[]): Promise<Fingerprint> {
  const orgs = sql.join(
    orgIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`select
      (select count(*)::int from candidates where org_id in (${orgs})) as candidates,
      (select max(updated_at)::text from candidates where org_id in (${orgs})) as candidates_updated,
      (select count(*)::int from interviews where org_id in (${orgs})) as interviews,
      (select max(updated_at)::text from interviews where org_id in (${orgs})) as interviews_updated,
      (select count(*)::int from turns where org_id in (${orgs})) as turns,
      (select max(updated_at)::text from turns where org_id in (${orgs})) as turns_updated,
      (select count(*)::int from reports where org_id in (${orgs})) as reports`);
  return rowsOf<Fingerprint>(result)[0];
}

const tried = new Map<string, { inputs: number; statuses: Map<number, number> }>();

function entry(route: string) {
  let e = tried.get(route);
  if (!e) tried.set(route, (e = { inputs: 0, statuses: new Map() }));
  return e;
}

/** Counts one generated input for the route's line in the summary. */
export function countInput(route: string): void {
  entry(route).inputs++;
}

/** Counts the status a route answered, so the summary shows how much got past validation. */
export function countStatus(route: string, status: number): void {
  const statuses = entry(route).statuses;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

/** The summary line per route, printed once a suite ends. */
export function printSummary(): void {
  for (const [route, { inputs, statuses }] of tried) {
    const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`property: ${route} ${inputs} inputs (${spread})`);
  }
}
