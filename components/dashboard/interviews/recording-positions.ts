import type { Turn } from './use-live-transcript';

/** `m:ss` of a position in a recording. */
export function formatOffset(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Where each turn starts in the whole recording, in seconds: its `offsetMs` when the recorder placed it (a live
 * conversation, CONTRACT §13), else its time since the first turn (an agent's recording without offsets).
 */
export function turnPositions(turns: Pick<Turn, 'turnNumber' | 'createdAt' | 'offsetMs'>[]): { turnNumber: number; at: number }[] {
  const first = turns[0] ? Date.parse(turns[0].createdAt) : 0;
  const placed = turns.some((t) => t.offsetMs !== null);
  return turns
    .filter((t) => !placed || t.offsetMs !== null)
    .map((t) => ({ turnNumber: t.turnNumber, at: placed ? t.offsetMs! / 1000 : (Date.parse(t.createdAt) - first) / 1000 }))
    .sort((a, b) => a.at - b.at);
}
