import { getHistoryRoute, noAgentRouteForMethod } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: the turn history, for a restarting agent. */
export const GET = getHistoryRoute;

export const POST = noAgentRouteForMethod;
export const PUT = noAgentRouteForMethod;
export const PATCH = noAgentRouteForMethod;
export const DELETE = noAgentRouteForMethod;
