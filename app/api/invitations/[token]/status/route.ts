import { getDb } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { errorResponse, jsonResponse, newRequestId } from '@/server/http/respond';
import { getInvitationProgress } from '@/server/services/invitations/get-invitation-by-token';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

/** What the invitation page polls: `{ status, turnCount }`, nothing of the conversation itself. */
export async function GET(_req: Request, { params }: Params): Promise<Response> {
  const requestId = newRequestId();
  try {
    const progress = await getInvitationProgress(getDb(), (await params).token);
    if (!progress) throw notFound('Invitation');
    return jsonResponse(200, progress, { 'X-Request-Id': requestId, 'Referrer-Policy': 'no-referrer' });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

function noRoute(req: Request): Response {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname.replace(/[^/]+\/status$/, ':token/status')}`), newRequestId());
}
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
