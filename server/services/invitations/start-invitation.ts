import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { mintMediaToken } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { AppError, notFound } from '@/server/errors';
import { dispatchAgent, type AgentContext } from './dispatch-agent';
import { getInvitationByToken } from './get-invitation-by-token';
import { hashInvitationToken, isInvitationTokenShape } from './invitation-token';
import { invitationLanguageOf, selectInvitationFacts } from './select-invitation-facts';

/** A dispatch younger than this is taken to be under way: a second click does not start a second conversation. */
export const DISPATCH_GUARD_SECONDS = 120;

export type StartInvitationResult = { status: 'STARTING'; joinUrl: string | null };

/**
 * The candidate presses "Start": allowed for a DRAFT or INVITED interview whose link has not expired. Mints the
 * interview's media token and hands the session to the voice agent. The status stays as it is until the agent
 * records the first turn (→ IN_PROGRESS). Unknown link → 404; expired or cancelled → 410; started or completed
 * → 409; the agent unreachable → 503 and the candidate may retry at once.
 */
export async function startInvitation(db: DbExecutor, token: string): Promise<StartInvitationResult> {
  if (!isInvitationTokenShape(token)) throw notFound('Invitation');
  const tokenHash = hashInvitationToken(token);
  const claimedAt = new Date();
  const [claimed] = await db
    .update(interviews)
    .set({ agentDispatchedAt: claimedAt })
    .where(
      and(
        eq(interviews.inviteTokenHash, tokenHash),
        inArray(interviews.status, ['DRAFT', 'INVITED']),
        gt(interviews.expiresAt, sql`now()`),
        or(isNull(interviews.agentDispatchedAt), lt(interviews.agentDispatchedAt, sql`now() - make_interval(secs => ${DISPATCH_GUARD_SECONDS})`)),
      ),
    )
    .returning({ id: interviews.id, orgId: interviews.orgId });
  if (!claimed) return explainNoStart(db, token);

  try {
    const context = await agentContext(db, claimed);
    const media = await mintMediaToken(claimed.id);
    const result = await dispatchAgent({ interviewId: claimed.id, mediaToken: media.token, mediaTokenExpiresAt: media.expiresAt.toISOString(), context });
    return { status: 'STARTING', joinUrl: result.joinUrl };
  } catch (error) {
    // Release the claim so the candidate can try again straight away.
    await db
      .update(interviews)
      .set({ agentDispatchedAt: null })
      .where(and(eq(interviews.id, claimed.id), eq(interviews.orgId, claimed.orgId), eq(interviews.agentDispatchedAt, claimedAt)));
    throw error;
  }
}

async function explainNoStart(db: DbExecutor, token: string): Promise<StartInvitationResult> {
  const view = await getInvitationByToken(db, token);
  switch (view?.state) {
    case undefined:
      throw notFound('Invitation');
    case 'expired':
      throw new AppError('GONE', 'This invitation has expired');
    case 'cancelled':
      throw new AppError('GONE', 'This interview was cancelled');
    case 'completed':
      throw new AppError('INVALID_STATE', 'This interview is already completed');
    case 'in_progress':
      throw new AppError('INVALID_STATE', 'This interview is already in progress');
    case 'open':
      // Dispatched moments ago (a double click, a second tab): the same start, already under way.
      return { status: 'STARTING', joinUrl: null };
  }
}

async function agentContext(db: DbExecutor, interview: { id: string; orgId: string }): Promise<AgentContext> {
  const row = await selectInvitationFacts(db, and(eq(interviews.id, interview.id), eq(interviews.orgId, interview.orgId))!);
  if (!row) throw notFound('Invitation');
  // The interview's language, not the candidate's preference: the agent speaks it (one interview, one language).
  const locale = invitationLanguageOf(row).locale;
  return {
    candidateFirstName: row.firstName,
    locale: locale.intlLocale,
    language: locale.language,
    organizationName: row.organizationName,
    jobTitle: row.jobTitle,
    questions: row.questions ?? [],
    criteria: row.criteria ?? [],
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    apiBaseUrl: getEnv().APP_URL,
  };
}
