import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { getInterview } from '../interviews/get-interview';

/**
 * Why a guarded update touched no row: the interview does not exist in the organization (404, thrown by
 * getInterview) or its status does not allow the action (409 INVALID_STATE, naming the status).
 */
export async function explainRefusal(db: DbExecutor, input: { orgId: string; id: string }, action: string): Promise<AppError> {
  const interview = await getInterview(db, input);
  return new AppError('INVALID_STATE', `Cannot ${action} an interview that is ${interview.status}`);
}
