import { createInterviewConfig } from '@/server/services/interview-configs/create-interview-config';
import { CreateInterviewConfigInputSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { booleanFlag, optionalFlag, parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

export const configCreateCommand: CliCommand = {
  name: 'config:create',
  usage: 'config:create --org <orgId> --name <name> [--criteria communication:1,technical:2] [--locale <bcp47>] [--no-report]',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const criteria = optionalFlag(args, 'criteria');
    const input = parseWithSchema(
      CreateInterviewConfigInputSchema,
      {
        name: requiredFlag(args, 'name'),
        locale: optionalFlag(args, 'locale'),
        criteria: criteria === undefined ? undefined : parseCriteria(criteria),
        generateReport: !booleanFlag(args, 'no-report'),
      },
      { name: 'name', locale: 'locale', criteria: 'criteria' },
    );
    await requireOrganization(database.db, orgId);
    return { ...(await createInterviewConfig(database.db, { orgId, ...input })), orgId };
  },
};

/** `communication:1,technical_depth:2` → criteria with labels made from the keys; a key alone weighs 1. */
export function parseCriteria(value: string): { key: string; label: string; weight: number }[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [key, weight, ...extra] = part.split(':').map((s) => s.trim());
      return {
        key,
        label: key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' '),
        // NaN fails the schema's number check, which then names --criteria.
        weight: extra.length > 0 ? Number.NaN : weight === undefined ? 1 : Number(weight),
      };
    });
}
