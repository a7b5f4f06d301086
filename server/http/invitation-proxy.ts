import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import { getInvitationByToken } from '@/server/services/invitations/get-invitation-by-token';
import { closedInvitationDocument, renderClosedInvitation } from '@/app/i/[token]/render-closed-invitation';

/** The token is a credential in the URL: keep it out of Referer headers, caches and search engines. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * `/i/<token>` before Next.js renders it. A Next.js page can only answer 200 or 404, so a link that is closed
 * for good is answered here with its real status (410 expired or cancelled, 404 unknown, 200 completed); a link
 * that is open or in progress goes on to the interactive page (app/i/[token]/page.tsx).
 */
export async function invitationProxy(request: NextRequest): Promise<NextResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return NextResponse.next();
  let token: string;
  try {
    token = decodeURIComponent(request.nextUrl.pathname.slice('/i/'.length));
  } catch {
    token = '';
  }
  const closed = renderClosedInvitation(await getInvitationByToken(getDb(), token), request.headers.get('accept-language'));
  if (!closed) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) response.headers.set(name, value);
    return response;
  }
  return new NextResponse(request.method === 'HEAD' ? null : closedInvitationDocument(closed), {
    status: closed.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...PRIVATE_HEADERS },
  });
}
