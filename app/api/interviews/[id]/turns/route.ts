import { recordTurnRoute, noAgentRouteForMethod } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: record a conversation turn. */
export const POST = recordTurnRoute;

export const GET = noAgentRouteForMethod;
export const PUT = noAgentRouteForMethod;
export const PATCH = noAgentRouteForMethod;
export const DELETE = noAgentRouteForMethod;
