import { offeredAnswerModeFor, type OfferedAnswerMode } from './offered-answer-mode';
import { and, count, eq } from 'drizzle-orm';
import { candidates, interviews, turns, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { estimateInterviewMinutes, type CandidateLanguage, type CandidateLocale } from '@/server/i18n/candidate-locale';
import { candidateBrandOf } from '../branding/brand';
import type { CandidateBrand } from '../branding/brand-schemas';
import { selfIdentificationPrompt } from '../fairness/self-identification';
import { effectiveStatus } from '../interviews/effective-status';
import { hashInvitationToken, isInvitationTokenShape } from './invitation-token';
import { invitationLanguageOf, selectInvitationFacts } from './select-invitation-facts';

/**
 * What the candidate's link leads to. `open`: the interview can be started; `in_progress`: the conversation is
 * under way; the others are closed for good.
 */
export type InvitationState = 'open' | 'in_progress' | 'completed' | 'cancelled' | 'expired';

/** Only what the candidate may see about their own interview: no ids, no email, no transcript, no evaluation. */
export type InvitationView = {
  state: InvitationState;
  status: InterviewStatus;
  /** The interview's language (one interview, one language: server/i18n/interview-language.ts). */
  locale: CandidateLocale;
  candidateFirstName: string | null;
  organizationName: string;
  jobTitle: string;
  expiresAt: Date;
  questionCount: number | null;
  durationMinutes: number | null;
  /** The organization's retention period (days after the candidate's last activity), told in the notice. */
  retentionDays: number;
  /** The organization's contact address for candidates (Settings), told in the notice; null when it has none. */
  contactEmail: string | null;
  /** The organization's words on what happens next (Settings), for the thank-you page; null: the default. */
  nextSteps: string | null;
  /**
   * The languages the interview may be taken in (its configuration's own, then its extra ones), while it can still
   * be chosen (open, not started); then only the interview's. More than one: the page shows a language switcher.
   */
  languages: CandidateLanguage[];
  /** How the page will have the candidate answer (the organization's providers): what the page and notice promise. */
  answerMode: OfferedAnswerMode;
  /** Completed, in an organization that collects it, not answered yet: the page asks the bias audit's two optional questions. */
  asksSelfIdentification: boolean;
  /** The employer's brand: display name (also `organizationName`), accent colour, logo. */
  brand: CandidateBrand;
};

/**
 * The interview a link's token opens, found by the token's SHA-256. The token is the candidate's credential, so
 * no organization is involved: the hash is unique across all of them, and a token that is malformed, replaced by
 * a resend or never issued finds nothing (null).
 */
export async function getInvitationByToken(db: DbExecutor, token: string, now = new Date()): Promise<InvitationView | null> {
  if (!isInvitationTokenShape(token)) return null;
  const row = await selectInvitationFacts(db, eq(interviews.inviteTokenHash, hashInvitationToken(token)));
  if (!row) return null;
  const status = effectiveStatus(row, now);
  const questionCount = row.questions ? row.questions.length : null;
  const state = invitationState(status, row.expiresAt, now);
  const language = invitationLanguageOf(row);
  return {
    state,
    status,
    locale: language.locale,
    candidateFirstName: row.firstName,
    organizationName: row.organizationName,
    jobTitle: row.jobTitle,
    expiresAt: row.expiresAt,
    questionCount,
    durationMinutes: estimateInterviewMinutes(questionCount),
    retentionDays: row.retentionDays,
    contactEmail: row.contactEmail,
    nextSteps: row.nextSteps,
    // A choice only before the start: once the interview is under way its language is settled.
    languages: state === 'open' && !row.chosenLanguage ? language.languages : [language.language],
    answerMode: await offeredAnswerModeFor(db, row.orgId),
    brand: candidateBrandOf(row),
    asksSelfIdentification: state === 'completed' && (await selfIdentificationPrompt(db, { orgId: row.orgId, candidateId: row.candidateId })) === 'ask',
  };
}

export function invitationState(status: InterviewStatus, expiresAt: Date, now = new Date()): InvitationState {
  switch (status) {
    case 'DRAFT':
    case 'INVITED':
      // A draft does not expire on its own, but its link cannot be used past the deadline either.
      return expiresAt.getTime() > now.getTime() ? 'open' : 'expired';
    case 'IN_PROGRESS':
      return 'in_progress';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
  }
}

/** What the invitation page polls: the status and how many turns were recorded. Never their content. */
export async function getInvitationProgress(db: DbExecutor, token: string): Promise<{ status: InterviewStatus; turnCount: number } | null> {
  if (!isInvitationTokenShape(token)) return null;
  // Joined with the candidate as every other route's lookup is (selectInvitationFacts): the link of an interview
  // whose candidate was erased before erasures cleared the links is an unknown link here too.
  const [row] = await db
    .select({ id: interviews.id, orgId: interviews.orgId, status: interviews.status, expiresAt: interviews.expiresAt })
    .from(interviews)
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .where(eq(interviews.inviteTokenHash, hashInvitationToken(token)));
  if (!row) return null;
  const [{ n }] = await db
    .select({ n: count() })
    .from(turns)
    .where(and(eq(turns.interviewId, row.id), eq(turns.orgId, row.orgId)));
  return { status: effectiveStatus(row), turnCount: Number(n) };
}
