import { updateTurnRoute, noAgentRouteForMethod } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: complete a recorded turn (final transcript, evaluation). */
export const PATCH = updateTurnRoute;

export const GET = noAgentRouteForMethod;
export const POST = noAgentRouteForMethod;
export const PUT = noAgentRouteForMethod;
export const DELETE = noAgentRouteForMethod;
