import { turns } from '@/db/schema';
import { iso } from '../fields';
import type { TurnDto } from './turn-schemas';

type Timestamp = Date | string;
/** Timestamps as Dates (drizzle) or as PostgreSQL's text (the turn's raw statement, see record-turn.ts). */
type TurnRow = Omit<typeof turns.$inferSelect, 'createdAt' | 'updatedAt' | 'startedAt' | 'endedAt'> & {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  startedAt: Timestamp | null;
  endedAt: Timestamp | null;
};

export function toTurnDto(row: TurnRow): TurnDto {
  return { ...toTranscriptEntry(row, row.audioUrl), isPendingQuestion: row.isPendingQuestion, evaluation: row.evaluation ?? null };
}

type TranscriptRow = Pick<TurnRow, 'turnNumber' | 'role' | 'content' | 'startedAt' | 'endedAt' | 'offsetMs' | 'durationMs' | 'createdAt' | 'updatedAt'>;

/**
 * A turn as the recruiter-facing transcripts show it (interview detail, report): the turn without the agent's
 * bookkeeping, its audio URL already presented by the caller (signed or plain, see presentAudioUrl). The agent's
 * turn (toTurnDto) is this with the bookkeeping.
 */
export function toTranscriptEntry(row: TranscriptRow, audioUrl: string | null) {
  return {
    turnNumber: row.turnNumber,
    role: row.role,
    content: row.content,
    audioUrl,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    offsetMs: row.offsetMs,
    durationMs: row.durationMs,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
