import { createJob } from '@/server/services/jobs/create-job';
import { CreateJobInputSchema } from '@/server/services/jobs/job-schemas';
import { optionalFlag, parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

export const jobCreateCommand: CliCommand = {
  name: 'job:create',
  usage: 'job:create --org <orgId> --title <title> [--description <text>]',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const input = parseWithSchema(CreateJobInputSchema, { title: requiredFlag(args, 'title'), description: optionalFlag(args, 'description') }, { title: 'title', description: 'description' });
    await requireOrganization(database.db, orgId);
    return { ...(await createJob(database.db, { orgId, ...input })), orgId };
  },
};
