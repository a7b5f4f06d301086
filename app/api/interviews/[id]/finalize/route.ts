import { finalizeInterviewRoute } from '@/server/http/agent-routes';

export const dynamic = 'force-dynamic';

/** Internal agent route: close the interview and request its report. */
export const POST = finalizeInterviewRoute;
