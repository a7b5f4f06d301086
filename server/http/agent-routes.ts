import { AppError, invalidField } from '@/server/errors';
import { FinalizeInterviewInputSchema } from '@/server/services/interviews/agent-schemas';
import { finalizeInterview } from '@/server/services/interviews/finalize-interview';
import { getAgentContext } from '@/server/services/interviews/get-agent-context';
import { getHistory } from '@/server/services/turns/get-history';
import { recordTurn } from '@/server/services/turns/record-turn';
import { MAX_TURN_BODY_BYTES, RecordTurnInputSchema, TurnNumberParamSchema, UpdateTurnInputSchema, type UpdateTurnInput } from '@/server/services/turns/turn-schemas';
import { updateTurn } from '@/server/services/turns/update-turn';
import { agentRoute } from './agent-handler';
import { errorResponse, newRequestId } from './respond';

/**
 * The internal agent routes (not part of v1). The files under app/api/interviews/[id]/ export these; the
 * simulated agent can also call them in-process through dispatchAgentRequest.
 */

/** POST /api/interviews/:id/turns → 201 with the new turn, 200 with the stored one on an identical retry. */
export const recordTurnRoute = agentRoute({
  body: { schema: RecordTurnInputSchema, maxBytes: MAX_TURN_BODY_BYTES },
  run: async ({ db, orgId, interviewId, body }) => {
    const { created, turn } = await recordTurn(db, { orgId, interviewId, ...body });
    return { status: created ? 201 : 200, body: turn };
  },
});

/** PATCH /api/interviews/:id/turns/:turnNumber → 200 with the turn. */
export const updateTurnRoute = agentRoute<UpdateTurnInput, { id: string; turnNumber: string }>({
  body: { schema: UpdateTurnInputSchema, maxBytes: MAX_TURN_BODY_BYTES },
  run: async ({ db, orgId, interviewId, params, body }) => {
    const turnNumber = TurnNumberParamSchema.safeParse(params.turnNumber);
    if (!turnNumber.success) throw invalidField('turnNumber', 'Must be an integer from 1 to 10000');
    return { status: 200, body: await updateTurn(db, { orgId, interviewId, turnNumber: turnNumber.data, ...body }) };
  },
});

/** GET /api/interviews/:id/history → 200 { interviewId, status, turns, pendingQuestion }. */
export const getHistoryRoute = agentRoute({
  run: async ({ db, orgId, interviewId }) => ({ status: 200, body: await getHistory(db, { orgId, interviewId }) }),
});

/** POST /api/interviews/:id/finalize → 200 { interviewId, status, endedAt, reportId, reportStatus }, again on a retry. */
export const finalizeInterviewRoute = agentRoute({
  body: { schema: FinalizeInterviewInputSchema, maxBytes: MAX_TURN_BODY_BYTES, whenEmpty: {} },
  run: async ({ db, orgId, interviewId, body }) => ({ status: 200, body: await finalizeInterview(db, { orgId, interviewId, ...body }) }),
});

/** GET /api/interviews/:id/context → what the agent needs to conduct the interview. */
export const getAgentContextRoute = agentRoute({
  run: async ({ db, orgId, interviewId }) => ({ status: 200, body: await getAgentContext(db, { orgId, interviewId }) }),
});

/**
 * The other methods on an internal path: the contract's 404 envelope (as REST v1 answers an unsupported method)
 * instead of Next.js's bare 405 without a body or a request id.
 */
export async function noAgentRouteForMethod(req: Request): Promise<Response> {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname}`), newRequestId());
}

type Handler = (req: Request, context: { params: Promise<any> }) => Promise<Response>;

const ROUTES: { method: string; pattern: RegExp; keys: string[]; handler: Handler }[] = [
  { method: 'POST', pattern: /^\/api\/interviews\/([^/]+)\/turns\/?$/, keys: ['id'], handler: recordTurnRoute },
  { method: 'PATCH', pattern: /^\/api\/interviews\/([^/]+)\/turns\/([^/]+)\/?$/, keys: ['id', 'turnNumber'], handler: updateTurnRoute },
  { method: 'GET', pattern: /^\/api\/interviews\/([^/]+)\/history\/?$/, keys: ['id'], handler: getHistoryRoute },
  { method: 'POST', pattern: /^\/api\/interviews\/([^/]+)\/finalize\/?$/, keys: ['id'], handler: finalizeInterviewRoute },
  { method: 'GET', pattern: /^\/api\/interviews\/([^/]+)\/context\/?$/, keys: ['id'], handler: getAgentContextRoute },
];

/** The internal route a request would reach in the Next.js app, or null. For running the agent in-process. */
export function dispatchAgentRequest(req: Request): Promise<Response> | null {
  const { pathname } = new URL(req.url);
  for (const route of ROUTES) {
    const match = route.method === req.method.toUpperCase() ? route.pattern.exec(pathname) : null;
    if (match) {
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
      return route.handler(req, { params: Promise.resolve(params) });
    }
  }
  return null;
}
