import { getDb } from '@/db/client';
import { jsonResponse, newRequestId } from '@/server/http/respond';
import { isShuttingDown } from '@/server/http/shutdown-state';
import { checkReadiness } from '@/server/services/health/check-readiness';

export const dynamic = 'force-dynamic';

/** Readiness: the database answers and the migrations are current; 503 while draining on shutdown. */
export async function GET(): Promise<Response> {
  const headers = { 'X-Request-Id': newRequestId() };
  if (isShuttingDown()) return jsonResponse(503, { ready: false, reason: 'shutting down' }, headers);
  const readiness = await checkReadiness(getDb());
  return jsonResponse(readiness.ready ? 200 : 503, readiness, headers);
}
