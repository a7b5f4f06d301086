import { z } from 'zod';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';
import { getOrganizationLanguage } from '@/server/services/organizations/organization-language';
import { memberProcedure } from '@/server/trpc';

/** What the dashboard's new-candidate form starts from: the organization's language (dashboard only). */
export const candidateDefaultsProcedure = memberProcedure
  .input(z.strictObject({}).optional())
  .output(z.object({ locale: z.enum(CANDIDATE_LANGUAGES) }))
  .query(async ({ ctx }) => ({ locale: await getOrganizationLanguage(ctx.db, { orgId: ctx.orgId }) }));
