import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { interviewConfigs, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { CANDIDATE_LANGUAGES, DEFAULT_CANDIDATE_LANGUAGE, type CandidateLanguage } from '@/server/i18n/languages';
import { supportedLanguageOf } from '@/server/i18n/interview-language';
import type { AuditContext } from '../audit/audit-actor';
import { updateOrganizationSetting } from './update-organization-setting';

export const OrganizationLanguageSettingsSchema = z.object({
  language: z.enum(CANDIDATE_LANGUAGES).nullable().describe('The language an admin chose; null when none is chosen.'),
  inferred: z.enum(CANDIDATE_LANGUAGES).describe('What applies while none is chosen: the latest interview configuration’s language, else fr.'),
  effective: z.enum(CANDIDATE_LANGUAGES).describe('The language in force: the chosen one, else the inferred one.'),
});
export type OrganizationLanguageSettings = z.infer<typeof OrganizationLanguageSettingsSchema>;

export const UpdateOrganizationLanguageInputSchema = z.strictObject({
  language: z.enum(CANDIDATE_LANGUAGES, `Must be one of ${CANDIDATE_LANGUAGES.join(', ')}`).nullable().describe('null: no choice, infer it again.'),
});

/**
 * Before an admin chooses one: the language the organization's interviews are set up in, that is its most recently
 * edited interview configuration's (a supported one); French, the product's default, before it has any.
 */
async function inferOrganizationLanguage(db: DbExecutor, orgId: string): Promise<CandidateLanguage> {
  const rows = await db
    .select({ locale: interviewConfigs.locale })
    .from(interviewConfigs)
    .where(eq(interviewConfigs.orgId, orgId))
    .orderBy(desc(interviewConfigs.updatedAt), desc(interviewConfigs.id))
    .limit(20);
  for (const row of rows) {
    const language = supportedLanguageOf(row.locale);
    if (language) return language;
  }
  return DEFAULT_CANDIDATE_LANGUAGE;
}

async function chosenLanguage(db: DbExecutor, orgId: string): Promise<CandidateLanguage | null> {
  const [row] = await db.select({ language: organizations.language }).from(organizations).where(eq(organizations.id, orgId));
  if (!row) throw notFound('Organization');
  return supportedLanguageOf(row.language);
}

/**
 * The organization's language (issue 26, one interview, one language): the one its admin chose in Settings → General,
 * else the inferred one. The dashboard's new-candidate form and new interview configurations start from it, so a
 * candidate created with only an email prefers the language the organization interviews in (the API's default for
 * a candidate stays fr, as the specification says). `chosen` says whether an admin chose it.
 */
export async function getOrganizationLanguage(db: DbExecutor, input: { orgId: string }): Promise<{ language: CandidateLanguage; chosen: boolean }> {
  const chosen = await chosenLanguage(db, input.orgId);
  return chosen ? { language: chosen, chosen: true } : { language: await inferOrganizationLanguage(db, input.orgId), chosen: false };
}

export async function getOrganizationLanguageSettings(db: DbExecutor, input: { orgId: string }): Promise<OrganizationLanguageSettings> {
  const [language, inferred] = await Promise.all([chosenLanguage(db, input.orgId), inferOrganizationLanguage(db, input.orgId)]);
  return { language, inferred, effective: language ?? inferred };
}

/** Chooses the organization's language (null: back to inferring it); audited with the old and new value. */
export async function updateOrganizationLanguage(
  db: DbExecutor,
  input: { orgId: string; language: CandidateLanguage | null; audit?: AuditContext },
): Promise<OrganizationLanguageSettings> {
  await updateOrganizationSetting(db, {
    orgId: input.orgId,
    setting: 'language',
    value: input.language,
    audit: input.audit,
    details: (from, to) => ({ from, to }),
  });
  return getOrganizationLanguageSettings(db, { orgId: input.orgId });
}
