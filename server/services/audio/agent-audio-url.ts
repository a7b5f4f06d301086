import { and, eq } from 'drizzle-orm';
import { audioRecordings, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField, notFound } from '@/server/errors';
import { audioServiceUrl, classifyAudioUrl } from '../storage/audio-urls';

/**
 * What to store for an audioUrl an agent gives (a turn's, or the whole interview's at finalize): another service's
 * URL as given (it is never signed); the service's own recording only when it is a recording of this interview,
 * stored in its plain form (a signature it was copied with is dropped: the read signs afresh). Anything else under
 * our `/api/audio/` is a 400 naming the field: the agent's credential is a grant over one interview (a media token)
 * or over all of them (the secret), and neither may attach another interview's, or organization's, recording,
 * which every read of this interview would otherwise present as a signed, playable link.
 *
 * `orgId` null: the caller has not learnt the interview's organization yet (the turn's one statement learns it);
 * the recording must then belong to the interview, which belongs to one organization, and a missing interview is
 * the 404 it would be anyway. Only a URL of ours costs a query; an external one costs a string test.
 */
export async function agentAudioUrlToStore(
  db: DbExecutor,
  input: { interviewId: string; orgId: string | null; field: string; url: string },
): Promise<string> {
  const kind = classifyAudioUrl(input.url);
  if (!kind.own) return input.url;
  const recording = kind.audioId ? await recordingOfInterview(db, kind.audioId, input.interviewId, input.orgId) : null;
  if (!recording) {
    if (input.orgId === null && !(await interviewExists(db, input.interviewId))) throw notFound('Interview');
    throw invalidField(input.field, "Must be an external http(s) URL or a recording of this interview: this service's audio URL names no recording of it");
  }
  return audioServiceUrl(recording.id);
}

async function recordingOfInterview(db: DbExecutor, audioId: string, interviewId: string, orgId: string | null) {
  const [row] = await db
    .select({ id: audioRecordings.id })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.id, audioId), eq(audioRecordings.interviewId, interviewId), orgId === null ? undefined : eq(audioRecordings.orgId, orgId)));
  return row ?? null;
}

async function interviewExists(db: DbExecutor, interviewId: string): Promise<boolean> {
  const [row] = await db.select({ id: interviews.id }).from(interviews).where(eq(interviews.id, interviewId));
  return row !== undefined;
}
