import { and, eq, inArray, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, invalidField } from '@/server/errors';
import { advanceInterviewer } from '../interviewer/run-interviewer';
import { StartCandidateInputSchema, type CandidateSession } from './candidate-session-schemas';
import { assertNotClosed, findInterviewByToken } from './find-interview-by-token';
import { invitationLanguageOf } from './select-invitation-facts';
import { buildCandidateSession, getCandidateSession, interviewerMode } from './get-candidate-session';
import { availableAnswerModesFor, chooseAnswerMode } from './answer-modes';
import { startInvitation } from './start-invitation';

/**
 * The candidate acknowledged the notice and pressed Start (POST /api/invitations/:token/start with
 * `{ consent: true, answerMode? }`). The acknowledgement time is kept as `consentedAt` (the first one counts), and
 * the answer mode (asked for, or the best available; one not offered is a 400) as `answerMode` (the first too). With an external
 * agent platform the session is dispatched to it as before (mode "external", its joinUrl); otherwise the built-in
 * interviewer asks the first question. Starting again an interview the built-in interviewer already runs (a
 * reload, a second tab) returns its current session. Closed links: 410; completed: 409.
 */
export async function startCandidateInterview(db: DbExecutor, token: string, body: unknown): Promise<CandidateSession> {
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  if (interview.status === 'COMPLETED') throw new AppError('INVALID_STATE', 'This interview is already completed');
  // After the link's own checks, so an unknown or closed link says so whatever the body.
  if (body === undefined) throw invalidField('consent', 'Required: true (the candidate acknowledges the notice)');
  const input = StartCandidateInputSchema.parse(body);
  // An external agent platform conducts the conversation its own way: no answer mode (null, CONTRACT §13).
  const answerMode = interviewerMode() === 'external' ? null : chooseAnswerMode(input.answerMode, await availableAnswerModesFor(db, interview.orgId));
  // One interview, one language: the one chosen among those the configuration allows, else the interview's own.
  const languages = invitationLanguageOf(interview);
  if (input.language && !languages.languages.includes(input.language)) {
    throw invalidField('language', `This interview can be taken in ${languages.languages.join(', ')} only`);
  }
  const language = input.language ?? languages.language;

  await db
    .update(interviews)
    .set({
      consentedAt: sql`coalesce(${interviews.consentedAt}, now())`,
      // Chosen by the start that starts the interview and kept: a second start (a reload, another tab, another
      // choice) leaves it, and an interview already under way without one (an agent's) gets none.
      answerMode: sql`case when ${interviews.status} in ('DRAFT', 'INVITED') then coalesce(${interviews.answerMode}, ${answerMode}::text) else ${interviews.answerMode} end`,
      // Likewise the language: settled by the start that starts the interview, never changed after.
      language: sql`case when ${interviews.status} in ('DRAFT', 'INVITED') then coalesce(${interviews.language}, ${language}::text) else ${interviews.language} end`,
    })
    .where(and(eq(interviews.id, interview.id), eq(interviews.orgId, interview.orgId), inArray(interviews.status, ['DRAFT', 'INVITED', 'IN_PROGRESS'])));

  if (interviewerMode() === 'external') {
    const started = await startInvitation(db, token);
    return buildCandidateSession(db, await findInterviewByToken(db, token), started.joinUrl);
  }
  await advanceInterviewer(db, { orgId: interview.orgId, interviewId: interview.id });
  return getCandidateSession(db, token);
}
