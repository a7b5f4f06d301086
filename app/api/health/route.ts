import { jsonResponse, newRequestId } from '@/server/http/respond';

export const dynamic = 'force-dynamic';

/** Liveness: the process is up and serving. Touches nothing else, so a slow database never restarts the app. */
export function GET(): Response {
  return jsonResponse(200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, { 'X-Request-Id': newRequestId() });
}
