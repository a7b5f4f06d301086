import { z } from 'zod';
import { listTeam } from '@/server/services/team/list-team';
import { TeamSchema } from '@/server/services/team/team-schemas';
import { adminProcedure } from '@/server/trpc';

export const listTeamProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(TeamSchema)
  .query(({ ctx }) => listTeam(ctx.db, { orgId: ctx.orgId }));
