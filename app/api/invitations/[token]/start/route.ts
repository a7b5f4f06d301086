import { getDb } from '@/db/client';
import { AppError } from '@/server/errors';
import { errorResponse, jsonResponse, newRequestId } from '@/server/http/respond';
import { startInvitation } from '@/server/services/invitations/start-invitation';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

/** The candidate's "Start": public, the link's token is the credential. */
export async function POST(_req: Request, { params }: Params): Promise<Response> {
  const requestId = newRequestId();
  try {
    const result = await startInvitation(getDb(), (await params).token);
    return jsonResponse(200, result, { 'X-Request-Id': requestId, 'Referrer-Policy': 'no-referrer' });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

function noRoute(req: Request): Response {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname.replace(/[^/]+\/start$/, ':token/start')}`), newRequestId());
}
export const GET = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
