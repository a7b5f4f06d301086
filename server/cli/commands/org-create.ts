import { createOrganization } from '@/server/services/organizations/create-organization';
import { CreateOrganizationInputSchema } from '@/server/services/organizations/organization-schemas';
import { parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';

export const orgCreateCommand: CliCommand = {
  name: 'org:create',
  usage: 'org:create --name <name>',
  async run({ database, args }) {
    const input = parseWithSchema(CreateOrganizationInputSchema, { name: requiredFlag(args, 'name') });
    const org = await createOrganization(database.db, input);
    return { id: org.id, name: org.name };
  },
};
