import { getAgentContextRoute, noAgentRouteForMethod } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: what the agent needs to conduct the interview. */
export const GET = getAgentContextRoute;

export const POST = noAgentRouteForMethod;
export const PUT = noAgentRouteForMethod;
export const PATCH = noAgentRouteForMethod;
export const DELETE = noAgentRouteForMethod;
