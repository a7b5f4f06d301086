import { noRouteResponse } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

/** Any /api path that no route claims: the contract's 404 envelope rather than Next.js's HTML page. */
export const GET = noRouteResponse;
export const POST = noRouteResponse;
export const PUT = noRouteResponse;
export const PATCH = noRouteResponse;
export const DELETE = noRouteResponse;
