import type { Database } from '@/db/client';
import type { interviews } from '@/db/schema';
import { makeCandidate, makeHiringSetup, makeInterview, request, type ApiInit, type ApiResponse } from './factories';
import { TEST_AGENT_SECRET } from './test-app';

/** A request to an internal agent route with the test agent secret (or the credentials given in headers). */
export function agentApi(baseUrl: string, path: string, init: ApiInit & { secret?: string | null } = {}): Promise<ApiResponse> {
  const secret = init.secret === undefined ? TEST_AGENT_SECRET : init.secret;
  return request(baseUrl, path, { ...init, key: null, headers: { ...(secret !== null ? { 'x-agent-secret': secret } : {}), ...(init.headers ?? {}) } });
}

/** An interview with everything it can reference (job, campaign, stage, configuration), INVITED by default. */
export async function makeAgentInterview(db: Database, orgId: string, fields: Partial<typeof interviews.$inferInsert> = {}) {
  const setup = await makeHiringSetup(db, orgId);
  const candidate = await makeCandidate(db, orgId, { firstName: 'Grace', locale: 'en-GB' });
  const interview = await makeInterview(db, orgId, {
    candidateId: candidate.id,
    jobId: setup.job.id,
    campaignId: setup.campaign.id,
    stageId: setup.stage.id,
    configId: setup.config.id,
    ...fields,
  });
  return { ...setup, candidate, interview };
}
