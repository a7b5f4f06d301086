import { CreateApiKeyInputSchema } from '@/server/services/api-keys/api-key-schemas';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { systemAudit } from '@/server/services/audit/audit-actor';
import { optionalFlag, parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

export const keyCreateCommand: CliCommand = {
  name: 'key:create',
  usage: 'key:create --org <orgId> --scopes <scope,scope,…> [--name <name>]',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const scopes = requiredFlag(args, 'scopes')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const input = parseWithSchema(CreateApiKeyInputSchema, { scopes, name: optionalFlag(args, 'name') }, { scopes: 'scopes', name: 'name' });
    await requireOrganization(database.db, orgId);
    const key = await createApiKey(database.db, { orgId, name: input.name, scopes: input.scopes, audit: systemAudit('cli') });
    return { id: key.id, key: key.key, scopes: key.scopes };
  },
};
