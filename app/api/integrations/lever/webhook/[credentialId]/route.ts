import { serveRouteFile } from '@/server/http/routes';

export const dynamic = 'force-dynamic';

/** Served by the HTTP door's route table (server/http/routes.ts); in production the Node server answers first. */
export const GET = serveRouteFile;
export const POST = serveRouteFile;
export const PUT = serveRouteFile;
export const PATCH = serveRouteFile;
export const DELETE = serveRouteFile;
