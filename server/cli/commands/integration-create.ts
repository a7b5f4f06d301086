import { systemAudit } from '@/server/services/audit/audit-actor';
import { createAtsCredential } from '@/server/services/integrations/ats-credentials';
import { CreateAtsCredentialInputSchema } from '@/server/services/integrations/integration-schemas';
import { optionalFlag, parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

/** What Settings → Integrations does for an admin, for operators and scripts: the key is printed this once. */
export const integrationCreateCommand: CliCommand = {
  name: 'integration:create',
  usage: 'integration:create --org <orgId> --ats <greenhouse|ashby|workable|lever> [--name <name>] [--api-key <the customer\'s key for the ATS\'s API>] [--signature-token <Lever: the webhook\'s signature token>]',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const input = parseWithSchema(CreateAtsCredentialInputSchema, { ats: requiredFlag(args, 'ats'), name: optionalFlag(args, 'name'), apiKey: optionalFlag(args, 'api-key'), signingSecret: optionalFlag(args, 'signature-token') }, { ats: 'ats', name: 'name', apiKey: 'api-key', signingSecret: 'signature-token' });
    await requireOrganization(database.db, orgId);
    const created = await createAtsCredential(database.db, { orgId, ats: input.ats, name: input.name, apiKey: input.apiKey, signingSecret: input.signingSecret, audit: systemAudit('cli') });
    // Lever calls no operation with the key: it sends webhooks to the integration's own address.
    return { id: created.id, ats: created.ats, name: created.name, key: created.key, ...(created.webhookUrl ? { webhookUrl: created.webhookUrl } : {}) };
  },
};
