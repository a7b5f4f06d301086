import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { getEnv } from '@/server/env';
import { isAtsCredentialActive, readAtsApiKey } from '../ats-credentials';
import { recordAtsLogEntry } from '../ats-log';
import { fetchAtsJson } from '../fetch-ats-json';
import { LeverStagesSchema, leverHeaders, leverStagesUrl } from './lever-protocol';

export type LeverStage = { id: string; name: string };

/**
 * The customer's Lever stages, for Settings → Integrations to pick a test's stage from: read with the integration's
 * Lever API key through the private-address check, logged as every call to Lever is. Lever unreachable or
 * refusing is INVALID_STATE (409) with our words (the admin can still type the stage id).
 */
export async function listLeverStages(db: DbExecutor, input: { orgId: string; credentialId: string }): Promise<LeverStage[]> {
  if (!(await isAtsCredentialActive(db, { orgId: input.orgId, id: input.credentialId }))) throw notFound('Integration credential');
  const apiKey = await readAtsApiKey(db, { orgId: input.orgId, credentialId: input.credentialId });
  if (!apiKey) throw new AppError('VALIDATION_ERROR', 'No Lever API key was given with this integration (or it cannot be read)');
  const fetched = await fetchAtsJson(leverStagesUrl(getEnv().LEVER_API_URL), leverHeaders(apiKey));
  const parsed = fetched.ok ? LeverStagesSchema.safeParse(fetched.json) : null;
  const error = !fetched.ok ? fetched.error : parsed && !parsed.success ? 'Not a list of stages (data: [{ id, text }] expected)' : null;
  await recordAtsLogEntry(db, { orgId: input.orgId, ats: 'lever', direction: 'outbound', operation: 'stages.get', responseStatus: fetched.status, durationMs: fetched.durationMs, error });
  if (error || !parsed?.success) throw new AppError('INVALID_STATE', `Lever's stages could not be read: ${error}`);
  return parsed.data.data.map((stage) => ({ id: stage.id, name: stage.text }));
}
