import { finalizeInterviewRoute, noAgentRouteForMethod } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: close the interview and request its report. */
export const POST = finalizeInterviewRoute;

export const GET = noAgentRouteForMethod;
export const PUT = noAgentRouteForMethod;
export const PATCH = noAgentRouteForMethod;
export const DELETE = noAgentRouteForMethod;
