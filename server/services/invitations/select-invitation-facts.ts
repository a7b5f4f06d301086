import { and, eq, sql, type SQL } from 'drizzle-orm';
import { candidates, interviewConfigs, interviews, jobs, organizationBrands, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { resolveInterviewLanguage } from '@/server/i18n/interview-language';

/**
 * What an invitation shows and what the agent is handed: the interview with its candidate, organization, job and
 * configuration and brand, every join kept within the interview's own organization. Callers give the WHERE (a token's hash
 * for the candidate page; an interview of an organization for the agent dispatch and the invitation emails).
 */
export async function selectInvitationFacts(db: DbExecutor, where: SQL) {
  const [row] = await db
    .select({
      id: interviews.id,
      orgId: interviews.orgId,
      candidateId: interviews.candidateId,
      status: interviews.status,
      consentedAt: interviews.consentedAt,
      answerMode: interviews.answerMode,
      completedAt: interviews.completedAt,
      expiresAt: interviews.expiresAt,
      inviteTokenHash: interviews.inviteTokenHash,
      reminderEnabled: interviews.reminderEnabled,
      reminderSentAt: interviews.reminderSentAt,
      email: candidates.email,
      firstName: candidates.firstName,
      locale: candidates.locale,
      // The employer's brand (Settings): its display name wherever the candidate reads the organization's name.
      organizationName: sql<string>`coalesce(${organizationBrands.displayName}, ${organizations.name})`,
      brandAccentColor: organizationBrands.accentColor,
      brandLogoId: organizationBrands.logoId,
      retentionDays: organizations.retentionDays,
      contactEmail: organizations.contactEmail,
      nextSteps: organizations.candidateNextSteps,
      jobTitle: jobs.title,
      questions: interviewConfigs.questions,
      configLocale: interviewConfigs.locale,
      extraLocales: interviewConfigs.extraLocales,
      chosenLanguage: interviews.language,
      criteria: interviewConfigs.criteria,
    })
    .from(interviews)
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .innerJoin(organizations, eq(organizations.id, interviews.orgId))
    .leftJoin(organizationBrands, eq(organizationBrands.orgId, interviews.orgId))
    .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
    .leftJoin(interviewConfigs, and(eq(interviewConfigs.id, interviews.configId), eq(interviewConfigs.orgId, interviews.orgId)))
    .where(where);
  return row;
}

/** The interview's language (one interview, one language): server/i18n/interview-language.ts. */
export function invitationLanguageOf(row: { locale: string; configLocale: string | null; extraLocales: string[] | null; chosenLanguage: string | null }) {
  return resolveInterviewLanguage({ candidateLocale: row.locale, configLocale: row.configLocale, extraLocales: row.extraLocales, chosenLanguage: row.chosenLanguage });
}
