import { desc, eq } from 'drizzle-orm';
import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { DEFAULT_CANDIDATE_LANGUAGE, type CandidateLanguage } from '@/server/i18n/languages';
import { supportedLanguageOf } from '@/server/i18n/interview-language';

/**
 * The organization's language (issue 26, one interview, one language): the language its interviews are set up in,
 * that is its most recently edited interview configuration's (a supported one); French, the product's default,
 * before it has any. The dashboard's new-candidate form starts from it, so a candidate created with only an email
 * prefers the language the organization interviews in (the API's default stays fr, as the specification says).
 */
export async function getOrganizationLanguage(db: DbExecutor, input: { orgId: string }): Promise<CandidateLanguage> {
  const rows = await db
    .select({ locale: interviewConfigs.locale })
    .from(interviewConfigs)
    .where(eq(interviewConfigs.orgId, input.orgId))
    .orderBy(desc(interviewConfigs.updatedAt), desc(interviewConfigs.id))
    .limit(20);
  for (const row of rows) {
    const language = supportedLanguageOf(row.locale);
    if (language) return language;
  }
  return DEFAULT_CANDIDATE_LANGUAGE;
}
