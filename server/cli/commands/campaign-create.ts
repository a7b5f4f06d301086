import { CreateCampaignInputSchema } from '@/server/services/campaigns/campaign-schemas';
import { createCampaign } from '@/server/services/campaigns/create-campaign';
import { parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

export const campaignCreateCommand: CliCommand = {
  name: 'campaign:create',
  usage: 'campaign:create --org <orgId> --job <jobId> --name <name>',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const input = parseWithSchema(CreateCampaignInputSchema, { jobId: requiredFlag(args, 'job'), name: requiredFlag(args, 'name') }, { jobId: 'job', name: 'name' });
    await requireOrganization(database.db, orgId);
    return { ...(await createCampaign(database.db, { orgId, ...input })), orgId };
  },
};
