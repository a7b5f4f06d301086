import { getHistoryRoute } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: the turn history, for a restarting agent. */
export const GET = getHistoryRoute;
