import { and, eq, ne } from 'drizzle-orm';
import { audioRecordings } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { log } from '@/server/log';
import { isPoorTranscript } from '../interviewer/transcript-quality';
import { resolveProviderConfig } from '../providers/resolve-provider';
import { audioExtension, transcribeAudio } from '../speech/transcribe-audio';
import { getObjectStore } from '../storage/get-object-store';
import { looksLikeAudio } from './audio-limits';

export type StoredAnswerAudio = { audioId: string; transcript: string | null; poor: boolean };

/**
 * Stores the candidate's recording of the answer to the question at `turnNumber` and transcribes it when STT is
 * configured. Uploading again for the same question replaces the draft (the earlier object is deleted). The
 * caller has checked the type and the size; bytes that are not the audio they claim to be are a 415, stored
 * nowhere. A transcription failure is logged and gives `transcript: null`: the candidate then types the answer.
 */
export async function storeAnswerAudio(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; turnNumber: number; contentType: string; audio: Uint8Array; language: string; clientDurationMs: number | null },
): Promise<StoredAnswerAudio> {
  if (input.audio.byteLength === 0 || !looksLikeAudio(input.audio, input.contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The body is not ${input.contentType} audio`);
  }
  const { orgId, interviewId, turnNumber } = input;
  const id = newId('audio');
  const storageKey = `orgs/${orgId}/interviews/${interviewId}/answers/${turnNumber}-${id}.${audioExtension(input.contentType)}`;
  const store = getObjectStore();
  await store.put(storageKey, input.audio, input.contentType);

  let transcript: string | null = null;
  let durationMs = input.clientDurationMs;
  const stt = await resolveProviderConfig(db, orgId, 'stt');
  if (stt) {
    try {
      const result = await transcribeAudio(stt, { audio: input.audio, contentType: input.contentType, language: input.language });
      transcript = result.text;
      durationMs = result.durationMs ?? durationMs;
    } catch (error) {
      log.warn({ err: error, interviewId, turnNumber }, 'transcription failed; the candidate can type the answer');
    }
  }

  await db.insert(audioRecordings).values({
    id,
    orgId,
    interviewId,
    kind: 'answer',
    turnNumber,
    storageKey,
    contentType: input.contentType,
    byteSize: input.audio.byteLength,
    durationMs,
    transcript,
  });
  // The earlier drafts for this question go; an answer already recorded keeps pointing at its own audio.
  const drafts = await db
    .delete(audioRecordings)
    .where(
      and(
        eq(audioRecordings.orgId, orgId),
        eq(audioRecordings.interviewId, interviewId),
        eq(audioRecordings.kind, 'answer'),
        eq(audioRecordings.turnNumber, turnNumber),
        ne(audioRecordings.id, id),
      ),
    )
    .returning({ storageKey: audioRecordings.storageKey });
  for (const draft of drafts) await store.delete(draft.storageKey).catch((error) => log.warn({ err: error }, 'could not delete a replaced recording'));

  return { audioId: id, transcript, poor: isPoorTranscript(transcript, durationMs) };
}

/** The recording `audioId` of this interview's answer to the question at `turnNumber`, or null. */
export async function findAnswerAudio(db: DbExecutor, input: { orgId: string; interviewId: string; turnNumber: number; audioId: string }) {
  const [row] = await db
    .select({ id: audioRecordings.id })
    .from(audioRecordings)
    .where(
      and(
        eq(audioRecordings.id, input.audioId),
        eq(audioRecordings.orgId, input.orgId),
        eq(audioRecordings.interviewId, input.interviewId),
        eq(audioRecordings.kind, 'answer'),
        eq(audioRecordings.turnNumber, input.turnNumber),
      ),
    );
  return row ?? null;
}
