import { and, eq } from 'drizzle-orm';
import { audioRecordings, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { newId, randomBase62 } from '@/server/ids';
import { resolveProviderConfig } from '../providers/resolve-provider';
import { synthesizeSpeech } from '../speech/synthesize-speech';
import { getObjectStore } from '../storage/get-object-store';

/**
 * The agent turn `turnNumber` spoken by the TTS endpoint, as MP3, cached in the store (a reload does not pay for
 * it twice). NOT_FOUND when TTS is not configured (the page uses the browser's speech synthesis) or there is no
 * such agent turn.
 */
export async function getQuestionSpeech(db: DbExecutor, input: { orgId: string; interviewId: string; turnNumber: number }): Promise<Uint8Array> {
  const { orgId, interviewId, turnNumber } = input;
  const tts = await resolveProviderConfig(db, orgId, 'tts');
  if (!tts) throw notFound('Speech');
  const [turn] = await db
    .select({ content: turns.content })
    .from(turns)
    .where(and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId), eq(turns.turnNumber, turnNumber), eq(turns.role, 'agent')));
  if (!turn) throw notFound('Question');
  const store = getObjectStore();
  const [cached] = await db
    .select({ storageKey: audioRecordings.storageKey })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.orgId, orgId), eq(audioRecordings.interviewId, interviewId), eq(audioRecordings.kind, 'speech'), eq(audioRecordings.turnNumber, turnNumber)))
    .limit(1);
  if (cached) {
    const object = await store.get(cached.storageKey);
    if (object) return new Uint8Array(await new Response(object.body).arrayBuffer());
  }
  const audio = await synthesizeSpeech(tts, turn.content);
  const storageKey = `orgs/${orgId}/interviews/${interviewId}/speech/${turnNumber}-${randomBase62(8)}.mp3`;
  await store.put(storageKey, audio, 'audio/mpeg');
  await db.insert(audioRecordings).values({ id: newId('audio'), orgId, interviewId, kind: 'speech', turnNumber, storageKey, contentType: 'audio/mpeg', byteSize: audio.byteLength });
  return audio;
}
