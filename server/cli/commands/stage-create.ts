import { createStage } from '@/server/services/stages/create-stage';
import { CreateStageInputSchema } from '@/server/services/stages/stage-schemas';
import { booleanFlag, optionalFlag, parseWithSchema, requiredFlag } from '../args';
import type { CliCommand } from '../command';
import { requireOrganization } from '../require-organization';

export const stageCreateCommand: CliCommand = {
  name: 'stage:create',
  usage: 'stage:create --org <orgId> --campaign <campaignId> --name <name> [--position <n>] [--no-report]',
  async run({ database, args }) {
    const orgId = requiredFlag(args, 'org');
    const position = optionalFlag(args, 'position');
    const input = parseWithSchema(
      CreateStageInputSchema,
      {
        campaignId: requiredFlag(args, 'campaign'),
        name: requiredFlag(args, 'name'),
        position: position === undefined ? undefined : Number(position),
        generateReport: !booleanFlag(args, 'no-report'),
      },
      { campaignId: 'campaign', name: 'name', position: 'position' },
    );
    await requireOrganization(database.db, orgId);
    return { ...(await createStage(database.db, { orgId, ...input })), orgId };
  },
};
