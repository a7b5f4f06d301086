import { agentActorOf } from '@/server/auth/agent-auth';
import { AGENT_ROUTE_CATALOG, type AgentRouteName } from '@/server/services/interviews/agent-route-catalog';
import { FinalizeInterviewInputSchema } from '@/server/services/interviews/agent-schemas';
import { finalizeInterview } from '@/server/services/interviews/finalize-interview';
import { getAgentContext } from '@/server/services/interviews/get-agent-context';
import { unsafeGetInterviewOrg } from '@/server/services/interviews/unsafe-get-interview-org';
import { getHistory } from '@/server/services/turns/get-history';
import { unsafeRecordTurnOfAnyOrg } from '@/server/services/turns/record-turn';
import { MAX_TURN_BODY_BYTES, RecordTurnInputSchema, UpdateTurnInputSchema } from '@/server/services/turns/turn-schemas';
import { updateTurn } from '@/server/services/turns/update-turn';
import { turnNumberParam } from './path-params';
import { defineRoute, type BodySpec, type DoorRoute, type RouteCall, type RouteMethod, type RouteResult } from './define-route';

/**
 * The internal agent routes (not part of v1), bound to the catalogue the Settings page shows. Authentication is the
 * door's `agent`: the agent secret (any interview: the grant is cross-organization) or a media token (its own
 * interview only). The interview's organization is learnt from the interview, and every query after filters by it.
 */

function catalogued(name: AgentRouteName): { method: RouteMethod; path: string } {
  const { method, path } = AGENT_ROUTE_CATALOG.find((route) => route.name === name)!;
  return { method, path };
}

type AgentCall<TBody> = RouteCall<'agent', TBody> & { orgId: string };

function agentRoute<TBody = undefined>(
  name: AgentRouteName,
  options: { body?: BodySpec<TBody>; run: (call: AgentCall<TBody>) => Promise<RouteResult> },
): DoorRoute {
  return defineRoute<'agent', TBody>({
    ...catalogued(name),
    kind: 'internal',
    auth: 'agent',
    body: options.body,
    handle: async (call) => {
      const { orgId } = await unsafeGetInterviewOrg(call.db, call.params.id);
      call.setOrg(orgId);
      return options.run({ ...call, orgId });
    },
  });
}

const turnBody = { maxBytes: MAX_TURN_BODY_BYTES };

export const AGENT_ROUTES: DoorRoute[] = [
  // The hot path: one statement locks the interview, learns its organization and records the turn.
  defineRoute({
    ...catalogued('recordTurn'),
    kind: 'internal',
    auth: 'agent',
    body: { schema: RecordTurnInputSchema, ...turnBody },
    handle: async ({ db, params, body, setOrg }) => {
      const { created, turn, orgId } = await unsafeRecordTurnOfAnyOrg(db, params.id, body);
      setOrg(orgId);
      return { status: created ? 201 : 200, body: turn };
    },
  }),
  agentRoute('updateTurn', {
    body: { schema: UpdateTurnInputSchema, ...turnBody },
    run: async ({ db, orgId, params, body }) => {
      return { status: 200, body: await updateTurn(db, { orgId, interviewId: params.id, turnNumber: turnNumberParam(params.turnNumber), ...body }) };
    },
  }),
  agentRoute('history', {
    run: async ({ db, orgId, params }) => ({ status: 200, body: await getHistory(db, { orgId, interviewId: params.id }) }),
  }),
  agentRoute('finalize', {
    body: { schema: FinalizeInterviewInputSchema, ...turnBody, whenEmpty: {} },
    run: async ({ db, orgId, params, body, caller, requestId }) => ({
      status: 200,
      body: await finalizeInterview(db, { orgId, interviewId: params.id, ...body, audit: { actor: agentActorOf(caller), requestId } }),
    }),
  }),
  agentRoute('context', {
    run: async ({ db, orgId, params }) => ({ status: 200, body: await getAgentContext(db, { orgId, interviewId: params.id }) }),
  }),
];
