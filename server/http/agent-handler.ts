import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import { assertGrantCovers, authenticateAgentRequest, type AgentGrant } from '@/server/auth/agent-auth';
import { AppError } from '@/server/errors';
import { unsafeGetInterviewOrg } from '@/server/services/interviews/unsafe-get-interview-org';
import { readJsonBody } from './read-json-body';
import { withRequestLog } from './request-log';
import { errorResponse, jsonResponse } from './respond';

/** What a route's `run` receives: the interview's organization, learnt from the interview, scopes everything after. */
export type AgentCall<TBody> = {
  db: Database;
  orgId: string;
  interviewId: string;
  params: Record<string, string>;
  body: TBody;
  grant: AgentGrant;
};

export type AgentResult = { status: number; body: unknown };

type RouteContext<P> = { params: Promise<P> };

export type AgentRouteDefinition<TBody> = {
  /** The JSON body: its schema, its size limit, and what an empty body means (absent: a body is required). */
  body?: { schema: z.ZodType<TBody>; maxBytes?: number; whenEmpty?: unknown };
  run: (call: AgentCall<TBody>) => Promise<AgentResult>;
};

/**
 * The one wrapper of the internal agent routes: request id, authentication (agent secret or media token, never
 * an API key), the media token's interview check, body reading and validation, the interview's organization,
 * then the route's service call. Every error leaves through errorResponse; every response has X-Request-Id.
 */
export function agentRoute<TBody = undefined, P extends { id: string } = { id: string }>(definition: AgentRouteDefinition<TBody>) {
  return function handleAgentRequest(req: Request, context: RouteContext<P>): Promise<Response> {
    return withRequestLog('internal', req, async (logged) => {
      const { requestId } = logged;
      try {
        const grant = await authenticateAgentRequest(req.headers);
        const params = (await context.params) as unknown as Record<string, string>;
        const interviewId = params.id;
        assertGrantCovers(grant, interviewId);
        const body = definition.body ? await readBody(req, definition.body) : (undefined as TBody);
        const db = getDb();
        const { orgId } = await unsafeGetInterviewOrg(db, interviewId);
        logged.orgId = orgId;
        const result = await definition.run({ db, orgId, interviewId, params, body, grant });
        return jsonResponse(result.status, result.body, { 'X-Request-Id': requestId });
      } catch (error) {
        return errorResponse(error, requestId);
      }
    });
  };
}

async function readBody<TBody>(req: Request, spec: NonNullable<AgentRouteDefinition<TBody>['body']>): Promise<TBody> {
  let raw = await readJsonBody(req, spec.maxBytes);
  if (raw === undefined) {
    if (spec.whenEmpty === undefined) throw new AppError('VALIDATION_ERROR', 'A JSON object body is required');
    raw = spec.whenEmpty;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AppError('VALIDATION_ERROR', 'The body must be a JSON object');
  }
  // A ZodError becomes VALIDATION_ERROR with one issue per field in errorResponse.
  return spec.schema.parse(raw);
}
