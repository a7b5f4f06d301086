import { z } from 'zod';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';
import { getOrganizationLanguage } from '@/server/services/organizations/organization-language';
import { memberProcedure } from '@/server/trpc';

/** What the dashboard's new-candidate form starts from: the organization's language, chosen in Settings → General or inferred (dashboard only). */
export const candidateDefaultsProcedure = memberProcedure
  .input(z.strictObject({}).optional())
  .output(
    z.object({
      locale: z.enum(CANDIDATE_LANGUAGES),
      languageChosen: z.boolean().describe('Whether an admin chose the language (Settings → General) rather than it being inferred.'),
    }),
  )
  .query(async ({ ctx }) => {
    const { language, chosen } = await getOrganizationLanguage(ctx.db, { orgId: ctx.orgId });
    return { locale: language, languageChosen: chosen };
  });
