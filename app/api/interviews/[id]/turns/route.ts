import { recordTurnRoute } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: record a conversation turn. */
export const POST = recordTurnRoute;
