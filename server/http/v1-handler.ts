import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { getDb } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError, ERROR_STATUS, invalidField, type ErrorBody } from '@/server/errors';
import { sha256Hex } from '@/server/crypto';
import { appRouter } from '@/server/routers/app-router';
import { authenticateApiKey } from '@/server/services/api-keys/authenticate-api-key';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '@/server/services/idempotency/idempotency';
import { consumeRateLimit } from '@/server/services/rate-limit/consume-rate-limit';
import { createContextInner, type Context } from '@/server/trpc';
import { readJsonBody } from './read-json-body';
import { assertStorableQuery } from './storable-json';
import { pinBodyInputsStrict } from './strict-body-inputs';
import { withRequestLog, type RequestLogContext } from './request-log';
import { errorResponse, jsonResponse } from './respond';

export const V1_PREFIX = '/api/v1';
const CONTEXT = Symbol('context');

/**
 * Built once per process: trpc-to-openapi's own fetch adapter rebuilds its procedure cache (and, outside
 * production, the whole OpenAPI document) on every request.
 */
const openApiHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: any }) => req[CONTEXT] as Context,
} as any) as unknown as (req: unknown, res: unknown) => Promise<void>;
pinBodyInputsStrict(appRouter as any);

/** The API key from `Authorization: Bearer …` or `X-API-Key`. */
export function apiKeyFromHeaders(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1] : null;
  }
  return headers.get('x-api-key')?.trim() || null;
}

/**
 * REST v1: authenticate the key, count it against its rate limit, read the body, honour Idempotency-Key, then
 * run the tRPC procedure that the path maps to and shape any error into the contract's envelope.
 */
export function handleV1Request(req: Request): Promise<Response> {
  return withRequestLog('v1', req, (logged) => answerV1Request(req, logged));
}

async function answerV1Request(req: Request, logged: RequestLogContext): Promise<Response> {
  const { requestId } = logged;
  const headers = new Headers({ 'X-Request-Id': requestId });
  const db = getDb();
  let idempotency: { apiKeyId: string; key: string } | undefined;
  try {
    const plaintext = apiKeyFromHeaders(req.headers);
    const apiKey = plaintext ? await authenticateApiKey(db, plaintext) : null;
    if (!apiKey) {
      throw new AppError('UNAUTHORIZED', plaintext ? 'Invalid or revoked API key' : 'Missing API key: send Authorization: Bearer <key> or X-API-Key');
    }
    logged.orgId = apiKey.orgId;
    const rate = await consumeRateLimit(db, { apiKeyId: apiKey.id, limit: apiKey.rateLimitPerMinute ?? getEnv().RATE_LIMIT_PER_MINUTE });
    headers.set('RateLimit-Limit', String(rate.limit));
    headers.set('RateLimit-Remaining', String(rate.remaining));
    headers.set('RateLimit-Reset', String(rate.resetSeconds));
    if (!rate.allowed) {
      headers.set('Retry-After', String(rate.resetSeconds));
      throw new AppError('RATE_LIMITED', `Rate limit of ${rate.limit} requests per minute exceeded; retry after ${rate.resetSeconds} s`);
    }

    const method = req.method.toUpperCase();
    const url = new URL(req.url);
    assertStorableQuery(url.searchParams);
    assertNoPrototypeKeys(url.searchParams);
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const body = hasBody ? await readJsonBody(req) : undefined;

    const idempotencyKey = method === 'POST' ? req.headers.get('idempotency-key') : null;
    if (idempotencyKey !== null) {
      if (idempotencyKey.length === 0 || idempotencyKey.length > 255) {
        throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: 'Idempotency-Key', message: 'Must be 1 to 255 characters' }] });
      }
      const outcome = await claimIdempotencyKey(db, {
        apiKeyId: apiKey.id,
        orgId: apiKey.orgId,
        key: idempotencyKey,
        requestHash: sha256Hex(`${method} ${url.pathname}\n${canonicalJson(body)}`),
      });
      if (outcome.kind === 'replay') {
        headers.set('Idempotent-Replayed', 'true');
        return jsonResponse(outcome.status, withRequestId(outcome.body, requestId), headers);
      }
      idempotency = { apiKeyId: apiKey.id, key: idempotencyKey };
    }

    const ctx = createContextInner({
      db,
      requestId,
      principal: { kind: 'apiKey', orgId: apiKey.orgId, apiKeyId: apiKey.id, scopes: apiKey.scopes },
    });
    const result = await runProcedure(req, url, body, ctx);
    // A database outage inside the procedure comes back as a 503 body: tell the client when to retry, as errorResponse does.
    if (result.status === 503) headers.set('Retry-After', '2');
    if (idempotency) {
      if (result.status >= 500) await releaseIdempotencyKey(db, idempotency);
      else await completeIdempotencyKey(db, { ...idempotency, status: result.status, body: result.body });
    }
    return jsonResponse(result.status, result.body, headers);
  } catch (error) {
    if (idempotency) await releaseIdempotencyKey(db, idempotency).catch(() => {});
    return errorResponse(error, requestId, headers);
  }
}

type ProcedureResult = { status: number; body: unknown };

async function runProcedure(req: Request, url: URL, body: unknown, ctx: Context): Promise<ProcedureResult> {
  const innerUrl = new URL(url.pathname.slice(V1_PREFIX.length) || '/', url.origin);
  innerUrl.search = url.search;
  const innerHeaders = new Headers(req.headers);
  // The body was read and checked above; the inner handler only needs to know it is JSON.
  innerHeaders.set('content-type', 'application/json');
  const innerReq = new Request(innerUrl, { method: req.method, headers: innerHeaders });
  const proxied = new Proxy(innerReq, {
    get(target, prop) {
      if (prop === 'body') return body;
      if (prop === CONTEXT) return ctx;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const raw = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    let status = 200;
    const res = {
      setHeader() {},
      get statusCode() {
        return status;
      },
      set statusCode(code: number) {
        status = code;
      },
      end(text: string) {
        resolve({ status, text });
      },
    };
    openApiHandler(proxied, res).catch(reject);
  });
  const parsed = raw.text ? JSON.parse(raw.text) : null;
  if (raw.status < 400) return { status: ctx.response.status ?? raw.status, body: parsed };
  // Errors come out of the errorFormatter in server/trpc.ts with the contract's body under data.error.
  const error: ErrorBody = parsed?.data?.error ?? { code: 'INTERNAL', message: 'Internal server error' };
  if (error.code === 'NOT_FOUND' && error.message === 'Not found') {
    error.message = `No route matches ${req.method} ${url.pathname}`;
  }
  return { status: ERROR_STATUS[error.code] ?? 500, body: { error: { ...error, requestId: ctx.requestId } } };
}

/**
 * trpc-to-openapi gathers query parameters into a plain object by `obj[key] ??= []`-style code: a parameter named
 * like an Object.prototype member (`toString`, `constructor`, `__proto__`) makes it throw (a 500). No operation
 * has such a parameter, so it is what strict inputs say of any other stray parameter: an unknown field.
 */
function assertNoPrototypeKeys(params: URLSearchParams): void {
  for (const key of params.keys()) {
    if (key === '__proto__' || key in Object.prototype) throw invalidField(key, 'Unknown field');
  }
}

function withRequestId(body: unknown, requestId: string): unknown {
  if (body && typeof body === 'object' && 'error' in body) {
    return { error: { ...(body as { error: object }).error, requestId } };
  }
  return body;
}

/** JSON with sorted keys, so two bodies that differ only in key order count as the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
