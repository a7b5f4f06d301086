import { updateTurnRoute } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: complete a recorded turn (final transcript, evaluation). */
export const PATCH = updateTurnRoute;
