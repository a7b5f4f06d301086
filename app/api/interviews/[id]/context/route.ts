import { getAgentContextRoute } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: what the agent needs to conduct the interview. */
export const GET = getAgentContextRoute;
