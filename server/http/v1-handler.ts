import { callTRPCProcedure } from '@trpc/server';
import { forEachOpenApiProcedure, getPathRegExp, normalizePath } from 'trpc-to-openapi';
import { getDb } from '@/db/client';
import { AppError, invalidField, toAppError } from '@/server/errors';
import { canonicalJson } from '@/server/canonical-json';
import { sha256Hex } from '@/server/crypto';
import { log } from '@/server/log';
import { appRouter } from '@/server/routers/app-router';
import { claimIdempotencyKey, releaseIdempotencyKey, runWithIdempotencyKey } from '@/server/services/idempotency/idempotency';
import { createContextInner, type Context } from '@/server/trpc';
import { authenticateV1Request } from './authenticate-v1-request';
import { noRouteError } from './define-route';
import { readJsonBody } from './read-json-body';
import { assertStorableQuery } from './storable-json';
import { withRequestLog, type RequestLogContext } from './request-log';
import { asResponse, errorAnswer, jsonAnswer, type Answer } from './respond';
import { requestUrl, type DoorRequest } from './door-request';

export { apiKeyFromHeaders } from './authenticate-v1-request';

export const V1_PREFIX = '/api/v1';

type Route = { method: string; pattern: RegExp; procedurePath: string; procedureType: 'query' | 'mutation'; inputShape: Record<string, unknown> | undefined };

/**
 * The v1 routes, from the OpenAPI meta of the app router's procedures, built once per process. We match and call
 * the procedures ourselves rather than through trpc-to-openapi's HTTP adapter: that adapter switches zod's
 * `coerce` on for every boolean and number field of the input, body fields included, and mutates the shared
 * schemas to do it, so `"sendInvite": "false"` silently became `true`. Here only query strings are converted,
 * strictly (see queryInput), and bodies reach zod exactly as the client sent them.
 */
const routes: Route[] = [];
forEachOpenApiProcedure((appRouter as any)._def.procedures, ({ path, procedure, meta }) => {
  const input = (procedure as any)._def.inputs?.[0];
  routes.push({
    method: meta.openapi.method,
    pattern: getPathRegExp(normalizePath(meta.openapi.path)),
    procedurePath: path,
    procedureType: (procedure as any)._def.type,
    inputShape: input?._zod?.def?.type === 'object' ? input._zod.def.shape : undefined,
  });
});

/**
 * REST v1: authenticate the key, count it against its rate limit, read the body, honour Idempotency-Key, then
 * run the tRPC procedure that the path maps to and shape any error into the contract's envelope.
 */
export function handleV1Request(req: Request): Promise<Response> {
  return answerV1(req).then(asResponse);
}

/** The same, as the Node server writes it (a JSON answer is not made a Response first). */
export function answerV1(req: DoorRequest): Promise<Answer> {
  return withRequestLog('v1', req, (logged) => answerV1Request(req, logged));
}

async function answerV1Request(req: DoorRequest, logged: RequestLogContext): Promise<Answer> {
  const { requestId } = logged;
  const headers = new Headers({ 'X-Request-Id': requestId });
  const db = getDb();
  let idempotency: { apiKeyId: string; key: string } | undefined;
  try {
    // Without credentials an unknown path is the contract's 404 (and costs no lookup); a key that is sent is
    // checked first, so a wrong one is 401 wherever it is sent.
    if (!req.headers.has('authorization') && !req.headers.has('x-api-key') && !matchRoute(req.method.toUpperCase(), requestUrl(req))) throw noRouteError(req.method, requestUrl(req).pathname);
    const principal = await authenticateV1Request(db, req, headers);
    logged.orgId = principal.orgId;

    const method = req.method.toUpperCase();
    const url = requestUrl(req);
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
        apiKeyId: principal.apiKeyId,
        orgId: principal.orgId,
        key: idempotencyKey,
        requestHash: sha256Hex(`${method} ${url.pathname}\n${canonicalJson(body)}`),
      });
      if (outcome.kind === 'replay') {
        headers.set('Idempotent-Replayed', 'true');
        return jsonAnswer(outcome.status, withRequestId(outcome.body, requestId), headers);
      }
      idempotency = { apiKeyId: principal.apiKeyId, key: idempotencyKey };
    }

    const run = (executor: typeof db) => runProcedure(req, url, body, createContextInner({ db: executor, requestId, principal }));
    // With a key, the create and its replayable response commit in one transaction (idempotency.ts).
    const result = idempotency ? await runWithIdempotencyKey(db, idempotency, run) : await run(db);
    // A database outage inside the procedure comes back as a 503 body: tell the client when to retry, as errorAnswer does.
    if (result.status === 503) headers.set('Retry-After', '2');
    return jsonAnswer(result.status, result.body, headers);
  } catch (error) {
    if (idempotency) await releaseIdempotencyKey(db, idempotency).catch(() => {});
    return errorAnswer(error, requestId, headers);
  }
}

type ProcedureResult = { status: number; body: unknown };

/** Runs the procedure the path maps to. Its errors become results too, so Idempotency-Key can replay them. */
async function runProcedure(req: DoorRequest, url: URL, body: unknown, ctx: Context): Promise<ProcedureResult> {
  try {
    const method = req.method.toUpperCase();
    const match = matchRoute(method, url);
    if (!match) throw noRouteError(req.method, url.pathname);
    let fields: object | undefined;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: '(body)', message: 'Must be a JSON object' }] });
      }
      fields = body as object | undefined;
    } else {
      fields = queryInput(url.searchParams, match.route.inputShape);
    }
    // Bodies and query strings were checked for what PostgreSQL cannot store (storable-json.ts) before this;
    // path parameters are not: an id of the wrong shape is simply not found.
    const input = { ...fields, ...match.params };
    // tRPC's own call, as its HTTP adapters make it (a server-side caller would build a proxy per request).
    const output = await callTRPCProcedure({
      router: appRouter,
      path: match.route.procedurePath,
      type: match.route.procedureType,
      ctx,
      getRawInput: async () => input,
      signal: undefined,
      batchIndex: 0,
    });
    return { status: ctx.response.status ?? 200, body: output };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.appCode === 'INTERNAL') log.error({ err: appError.cause ?? error, requestId: ctx.requestId }, 'unhandled error');
    return { status: appError.status, body: { error: appError.toBody(ctx.requestId) } };
  }
}

function matchRoute(method: string, url: URL): { route: Route; params: Record<string, string> } | undefined {
  const path = normalizePath(url.pathname.slice(V1_PREFIX.length));
  for (const route of routes) {
    const found = route.method === method ? route.pattern.exec(path) : null;
    if (found) return { route, params: Object.fromEntries(Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodePathSegment(v)])) };
  }
  return undefined;
}

/**
 * Query parameters as procedure input. Everything arrives as text: a number field gets a number only when the
 * text is a decimal number and a boolean field only for "true"/"false", so anything else fails validation with
 * the field named instead of being guessed at. Empty values count as absent; a repeated parameter is an array.
 */
function queryInput(params: URLSearchParams, shape: Record<string, unknown> | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (key === '__proto__') throw invalidField(key, 'Unknown field');
    const kind = baseKind(shape && Object.hasOwn(shape, key) ? shape[key] : undefined);
    const convert = (v: string): unknown => {
      if (kind === 'number' && /^[+-]?\d+(\.\d+)?$/.test(v)) return Number(v);
      if (kind === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
      return v;
    };
    input[key] = values.length === 1 ? convert(values[0]) : values.map(convert);
  }
  return input;
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: left as sent, so the id is simply not found
  }
}

/** The zod type name under optional/default/nullable wrappers ("number", "string", …). */
function baseKind(schema: unknown): string | undefined {
  let def = (schema as { _zod?: { def?: { type: string; innerType?: unknown } } } | undefined)?._zod?.def;
  while (def && ['optional', 'default', 'prefault', 'nullable'].includes(def.type)) {
    def = (def.innerType as { _zod?: { def?: { type: string; innerType?: unknown } } })?._zod?.def;
  }
  return def?.type;
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
