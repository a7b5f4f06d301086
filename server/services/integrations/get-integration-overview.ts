import type { AtsKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { listAtsCredentials } from './ats-credentials';
import { listAtsLog } from './ats-log';
import { listAtsWritebacks } from './ats-writebacks';
import { ATS_LABELS } from './integration-schemas';
import { listTestMappings } from './test-mappings';

/** The operations each ATS calls on us (what its partner team configures), under /api/integrations/<ats>/. */
const ENDPOINTS: Record<AtsKind, { operation: string; method: string }[]> = {
  greenhouse: [
    { operation: 'list_tests', method: 'GET' },
    { operation: 'send_test', method: 'POST' },
    { operation: 'test_status', method: 'GET' },
    { operation: 'response_error', method: 'POST' },
  ],
  ashby: [
    { operation: 'assessment.list', method: 'POST' },
    { operation: 'assessment.start', method: 'POST' },
    { operation: 'assessment.cancel', method: 'POST' },
  ],
  workable: [],
  // Lever sends webhooks to one address per integration: each credential's `webhookUrl`.
  lever: [],
};

/** Everything Settings → Integrations shows for one ATS: where it calls, its credentials, mapped tests, write-backs, log. */
export async function getIntegrationOverview(db: DbExecutor, input: { orgId: string; ats: AtsKind }) {
  const base = `${getEnv().APP_URL}/api/integrations/${input.ats}`;
  const [credentials, tests, writebacks, log] = await Promise.all([
    listAtsCredentials(db, input),
    listTestMappings(db, input),
    listAtsWritebacks(db, { ...input, limit: 50 }),
    listAtsLog(db, { ...input, limit: 50 }),
  ]);
  return {
    ats: input.ats,
    label: ATS_LABELS[input.ats],
    endpoints: ENDPOINTS[input.ats].map((e) => ({ ...e, url: `${base}/${e.operation}` })),
    credentials,
    tests,
    writebacks,
    log,
  };
}
