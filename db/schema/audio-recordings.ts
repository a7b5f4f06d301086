import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';

export type AudioRecordingKind = 'answer' | 'speech' | 'session';

/**
 * Audio the service stores for an interview (the object itself lives in the configured store, local directory or
 * S3, under `storageKey`). `answer`: the candidate's recording of the answer to the agent turn `turnNumber`
 * (uploading again for the same question replaces the draft); `speech`: an agent turn spoken by the TTS endpoint
 * (cached); `session`: the whole conversation. Turn and interview audioUrls point to `/api/audio/:id`.
 */
export const audioRecordings = pgTable(
  'audio_recordings',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    interviewId: text('interview_id')
      .notNull()
      .references(() => interviews.id),
    kind: text('kind').$type<AudioRecordingKind>().notNull(),
    /** The agent turn (the question) this audio belongs to; null for a whole-session recording. */
    turnNumber: integer('turn_number'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Speech duration as the transcription endpoint measured it, when it did. */
    durationMs: integer('duration_ms'),
    transcript: text('transcript'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audio_recordings_interview_idx').on(t.orgId, t.interviewId, t.kind, t.turnNumber)],
);
