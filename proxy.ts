import type { NextRequest } from 'next/server';
import { invitationProxy } from '@/server/http/invitation-proxy';

/** Runs before routing, for the paths in `config.matcher` only. */
export function proxy(request: NextRequest) {
  return invitationProxy(request);
}

export const config = {
  matcher: ['/i/:token'],
};
