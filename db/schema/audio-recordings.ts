import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';

export type AudioRecordingKind = 'answer' | 'speech' | 'session';

/**
 * `object`: the recording is the one object at `storageKey`. `parts`: a PCM16 24 kHz mono WAV assembled when read
 * from its parts (audio_recording_parts), so that a live conversation's recording grows by appending what is new
 * instead of rewriting everything stored so far; `byteSize` is the assembled WAV's size.
 */
export type AudioRecordingLayout = 'object' | 'parts';

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
    layout: text('layout').$type<AudioRecordingLayout>().notNull().default('object'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audio_recordings_interview_idx').on(t.orgId, t.interviewId, t.kind, t.turnNumber),
    // One live recording per interview, whichever instance writes first (the others append to it).
    uniqueIndex('audio_recordings_one_live_session').on(t.interviewId).where(sql`kind = 'session' and layout = 'parts'`),
  ],
);

/**
 * One appended piece of a `parts` recording: `byteSize` bytes of PCM16 at `atByte` of the assembled samples (after
 * the WAV header), read from `storageKey` from `sourceOffset` on (44 for a whole WAV written before parts existed).
 * Parts may overlap (two connections briefly recording the same interview): overlapping samples are mixed.
 */
export const audioRecordingParts = pgTable(
  'audio_recording_parts',
  {
    id: text('id').primaryKey(),
    recordingId: text('recording_id')
      .notNull()
      .references(() => audioRecordings.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    atByte: bigint('at_byte', { mode: 'number' }).notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    sourceOffset: integer('source_offset').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audio_recording_parts_recording_idx').on(t.recordingId, t.atByte)],
);
