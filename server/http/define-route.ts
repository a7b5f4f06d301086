import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import { assertGrantCovers, authenticateAgentRequest, type AgentGrant } from '@/server/auth/agent-auth';
import type { Scope } from '@/server/auth/scopes';
import { AppError } from '@/server/errors';
import { getSessionPrincipal, type RecruiterPrincipal } from '@/server/services/auth/get-session-principal';
import { authenticateV1Request, type ApiKeyPrincipal } from './authenticate-v1-request';
import { assertNotThrottled, clientAddress, countFailure } from './client-throttle';
import { readBodyBytes, readJsonBody } from './read-json-body';
import { loggedPath, withRequestLog, type RequestLogContext, type RouteKind } from './request-log';
import { asResponse, errorAnswer, errorResponse, jsonAnswer, newRequestId, type Answer } from './respond';
import { readSessionToken } from './session-cookie';
import { requestUrl, type DoorRequest } from './door-request';

/**
 * The one door of every HTTP route that is not tRPC (the agent routes, the exports, the API reference, health, the
 * candidate's invitation routes, the stored audio): request id, request log, authentication, body reading within
 * its limit (JSON, or a raw upload), the error envelope. A route declares what it needs and gets it checked before
 * its `handle` runs; the Node server serves these routes before Next.js (v1-fast-path.ts) and the files under
 * app/api/ hand Next.js's requests to the same table (routes.ts).
 */

export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: nobody in particular; the voice agent (X-Agent-Secret, or a media token for the path's `:id`); an
 * API key with a scope (rate limited, as REST v1); a recruiter's session cookie; the holder of an invitation link
 * (the path's `:token` is the credential: kept out of logs, Referer headers, caches and search engines, and
 * unknown links are throttled per client address; the services resolve the token).
 */
export type RouteAuth = 'public' | 'agent' | 'session' | 'invitation' | { apiKey: Scope };

type CallerOf<A extends RouteAuth> = A extends 'agent'
  ? AgentGrant
  : A extends 'session'
    ? RecruiterPrincipal
    : A extends 'invitation'
      ? { token: string }
      : A extends { apiKey: Scope }
        ? ApiKeyPrincipal
        : null;

/** A JSON object body, checked by its schema. */
export type JsonBodySpec<TBody> = {
  schema: z.ZodType<TBody>;
  /** Past this many bytes: 413 (1 MiB by default). */
  maxBytes?: number;
  /** What an empty body means; absent: a body is required (400, naming `requiredField` when given). */
  whenEmpty?: unknown;
  requiredField?: string;
};

/** A raw body (an upload): its media type checked before anything is read, its size while streaming. */
export type RawBodySpec = {
  raw: {
    /** The accepted media type the Content-Type header names (normalized), or throws 415. */
    contentType: (header: string | null) => string;
    maxBytes: number;
    tooLarge: () => AppError;
  };
};

export type RawBody = { contentType: string; bytes: Uint8Array };

export type BodySpec<TBody> = JsonBodySpec<TBody> | RawBodySpec;

export type RouteCall<A extends RouteAuth, TBody> = {
  req: DoorRequest;
  url: URL;
  db: Database;
  requestId: string;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  body: TBody;
  caller: CallerOf<A>;
  /** Response headers so far (X-Request-Id, RateLimit-*): a handler that builds its own Response starts from them. */
  headers: Headers;
  /** The organization the request acts in, once the handler knows it: it goes into the request log. */
  setOrg: (orgId: string) => void;
};

export type RouteResult = { status: number; body: unknown };

export type RouteSpec<A extends RouteAuth, TBody> = {
  method: RouteMethod;
  /** `/api/interviews/:id/turns`: literal segments and `:name` parameters (one segment each). */
  path: string;
  /** The request log's `kind`. */
  kind: RouteKind;
  auth: A;
  /** Checks of the path parameters (400), before the body is read. */
  checkParams?: (params: Record<string, string>) => void;
  body?: BodySpec<TBody>;
  handle: (call: RouteCall<A, TBody>) => Promise<RouteResult | Response>;
};

export type DoorRoute = {
  method: RouteMethod;
  path: string;
  /** Path parameters that are credentials (`:token`): never in a log line or an error message. */
  secretParams?: readonly string[];
  /** Answers a request whose path matched, with its decoded parameters. */
  answer: (req: DoorRequest, params: Record<string, string>) => Promise<Answer>;
};

/** What every answer to an invitation route carries: the token in its URL is a credential. */
const INVITATION_HEADERS = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export function defineRoute<A extends RouteAuth, TBody = undefined>(spec: RouteSpec<A, TBody>): DoorRoute {
  const invitation = spec.auth === 'invitation';
  const secretParams = invitation ? ['token'] : [];

  async function answerWith(req: DoorRequest, params: Record<string, string>, logged: RequestLogContext, headers: Headers, db: Database): Promise<Answer> {
    try {
      const caller = (await authenticate(spec.auth, req, db, headers, params)) as CallerOf<A>;
      if (caller && typeof caller === 'object' && 'orgId' in caller) logged.orgId = caller.orgId;
      spec.checkParams?.(params);
      const body = spec.body ? ((await readBody(req, spec.body)) as TBody) : (undefined as TBody);
      const result = await spec.handle({
        req,
        url: requestUrl(req),
        db,
        requestId: logged.requestId,
        params,
        body,
        caller,
        headers,
        setOrg: (orgId) => {
          logged.orgId = orgId;
        },
      });
      if (!(result instanceof Response)) return jsonAnswer(result.status, result.body, headers);
      if (invitation) for (const [name, value] of Object.entries(INVITATION_HEADERS)) result.headers.set(name, value);
      return result;
    } catch (error) {
      return errorAnswer(error, logged.requestId, headers);
    }
  }

  const answer = (req: DoorRequest, params: Record<string, string>) =>
    withRequestLog(
      spec.kind,
      req,
      async (logged) => {
        const headers = new Headers(invitation ? { ...INVITATION_HEADERS, 'X-Request-Id': logged.requestId } : { 'X-Request-Id': logged.requestId });
        const db = getDb();
        const answered = await answerWith(req, params, logged, headers, db);
        // An unknown link (or anything else not found under one) counts against the client's address.
        if (invitation && answered.status === 404) await countFailure(db, 'invitation', clientAddress(req.headers)).catch(() => {});
        return answered;
      },
      maskPath(loggedPath(req), spec.path, secretParams, () => '[redacted]'),
    );
  return { method: spec.method, path: spec.path, secretParams, answer };
}

/** The path with the segments of secret parameters replaced (`/api/invitations/[redacted]/start`). */
function maskPath(pathname: string, routePath: string, secretParams: readonly string[] = [], replacement: (name: string) => string): string {
  if (secretParams.length === 0) return pathname;
  const pattern = routePath.split('/');
  return pathname
    .split('/')
    .map((segment, i) => {
      const name = pattern[i]?.startsWith(':') ? pattern[i].slice(1) : undefined;
      return name && secretParams.includes(name) ? replacement(name) : segment;
    })
    .join('/');
}

async function authenticate(auth: RouteAuth, req: DoorRequest, db: Database, headers: Headers, params: Record<string, string>): Promise<unknown> {
  if (auth === 'public') return null;
  if (auth === 'invitation') {
    // Past the limit of unknown links, this address gets 429 before its token is looked up.
    assertNotThrottled('invitation', clientAddress(req.headers), headers);
    return { token: params.token };
  }
  if (auth === 'agent') {
    const address = clientAddress(req.headers);
    assertNotThrottled('agent-auth', address, headers);
    let grant: AgentGrant;
    try {
      grant = await authenticateAgentRequest(req.headers);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'UNAUTHORIZED') await countFailure(db, 'agent-auth', address, headers);
      throw error;
    }
    // Before the interview is read: a media token holder learns nothing about other ids.
    assertGrantCovers(grant, params.id);
    return grant;
  }
  if (auth === 'session') {
    const principal = await getSessionPrincipal(db, readSessionToken(req.headers));
    if (!principal) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return principal;
  }
  return authenticateV1Request(db, req, headers, auth.apiKey);
}

async function readBody<TBody>(req: DoorRequest, spec: BodySpec<TBody>): Promise<TBody | RawBody> {
  if ('raw' in spec) {
    const contentType = spec.raw.contentType(req.headers.get('content-type'));
    const bytes = await readBodyBytes(req, spec.raw.maxBytes, spec.raw.tooLarge);
    return { contentType, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }
  let raw = await readJsonBody(req, spec.maxBytes);
  if (raw === undefined) {
    if (spec.whenEmpty === undefined) {
      throw new AppError('VALIDATION_ERROR', 'A JSON object body is required', spec.requiredField ? { issues: [{ path: spec.requiredField, message: 'Required' }] } : undefined);
    }
    raw = spec.whenEmpty;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AppError('VALIDATION_ERROR', 'The body must be a JSON object');
  }
  // A ZodError becomes VALIDATION_ERROR with one issue per field in errorResponse.
  return spec.schema.parse(raw);
}

/** The contract's 404 for a path no route serves, or a method a path does not serve: built here only. */
export function noRouteError(method: string, pathname: string): AppError {
  return new AppError('NOT_FOUND', `No route matches ${method} ${pathname}`);
}

export function noRouteResponse(req: DoorRequest): Response {
  return errorResponse(noRouteError(req.method, requestUrl(req).pathname), newRequestId());
}

type CompiledRoute = { route: DoorRoute; pattern: RegExp; keys: string[] };

/** A route table, matched in order: the Node server's fast path, the app's route files and in-process fetches share it. */
export class RouteTable {
  private readonly compiled: CompiledRoute[];

  constructor(readonly routes: readonly DoorRoute[]) {
    this.compiled = routes.map((route) => {
      const keys: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          keys.push(segment.slice(1));
          return '([^/]+)';
        })
        .join('/');
      return { route, pattern: new RegExp(`^${source}/?$`), keys };
    });
  }

  /** Whether some route serves this path (with any method). */
  claims(pathname: string): boolean {
    return this.compiled.some((c) => c.pattern.test(pathname));
  }

  /** As a fetch Response (a route file, an in-process fetch); null when no route claims the path. */
  dispatch(req: DoorRequest): Promise<Response> | null {
    return this.answer(req)?.then(asResponse) ?? null;
  }

  /**
   * Answers the request when a route claims its path: with the route of its method, or the 404 envelope for a
   * method the path does not serve. Null when no route claims the path.
   */
  answer(req: DoorRequest): Promise<Answer> | null {
    const { pathname } = requestUrl(req);
    const method = req.method.toUpperCase();
    let claimed: DoorRoute | undefined;
    for (const { route, pattern, keys } of this.compiled) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      if (!claimed) claimed = route;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      keys.forEach((key, i) => {
        params[key] = decodeSegment(match[i + 1]);
      });
      return route.answer(req, params);
    }
    if (!claimed) return null;
    // A credential in the path is named, not echoed: "No route matches GET /api/invitations/:token/start".
    const named = maskPath(pathname, claimed.path, claimed.secretParams, (name) => `:${name}`);
    return Promise.resolve(errorAnswer(noRouteError(req.method, named), newRequestId()));
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: left as sent, so the id is simply not found
  }
}
