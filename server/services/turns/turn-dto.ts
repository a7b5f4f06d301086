import { turns } from '@/db/schema';
import { iso } from '../fields';
import type { TurnDto } from './turn-schemas';

export function toTurnDto(row: typeof turns.$inferSelect): TurnDto {
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
