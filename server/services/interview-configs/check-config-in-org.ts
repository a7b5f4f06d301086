import { and, eq } from 'drizzle-orm';
import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField } from '@/server/errors';
import { isIdOf } from '@/server/ids';

/**
 * A question set named by a campaign, a stage or an invitation must be one of the organization's: any other id
 * (malformed, missing, another organization's) is the same 400 naming the field, so ids of other organizations
 * cannot be probed.
 */
export async function checkConfigInOrg(db: DbExecutor, orgId: string, configId: string, field = 'configId'): Promise<void> {
  const [config] = isIdOf('config', configId)
    ? await db.select({ id: interviewConfigs.id }).from(interviewConfigs).where(and(eq(interviewConfigs.id, configId), eq(interviewConfigs.orgId, orgId)))
    : [];
  if (!config) throw invalidField(field, 'No such interview configuration in this organization');
}
