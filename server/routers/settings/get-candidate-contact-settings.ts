import { z } from 'zod';
import { CandidateContactSettingsSchema, getCandidateContactSettings } from '@/server/services/settings/candidate-contact';
import { adminProcedure } from '@/server/trpc';

export const getCandidateContactSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(CandidateContactSettingsSchema)
  .query(({ ctx }) => getCandidateContactSettings(ctx.db, { orgId: ctx.orgId }));
