import { turns } from '@/db/schema';
import { iso } from '../fields';
import type { TurnDto } from './turn-schemas';

/** Timestamps as Dates (drizzle) or as PostgreSQL's text (the turn's raw statement, see record-turn.ts). */
type TurnRow = Omit<typeof turns.$inferSelect, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

export function toTurnDto(row: TurnRow): TurnDto {
  return {
    turnNumber: row.turnNumber,
    role: row.role,
    content: row.content,
    audioUrl: row.audioUrl,
    isPendingQuestion: row.isPendingQuestion,
    evaluation: row.evaluation ?? null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
