import type { RouterOutputs } from '@/components/trpc/react';

export type InterviewView = RouterOutputs['dashboard']['interview'];
export type Turn = InterviewView['turns'][number];
export type TranscriptEvent = RouterOutputs['dashboard']['transcript'] extends AsyncIterable<infer E> ? E : never;

/** Keeps, for each turn number, the most recently updated version seen (ISO timestamps compare as strings). */
export function mergeTurns(current: Map<number, Turn>, incoming: Turn[]): Map<number, Turn> {
  let next: Map<number, Turn> | undefined;
  for (const turn of incoming) {
    const known = current.get(turn.turnNumber);
    if (!known || turn.updatedAt >= known.updatedAt) {
      if (known && turn.updatedAt === known.updatedAt && JSON.stringify(known) === JSON.stringify(turn)) continue;
      next ??= new Map(current);
      next.set(turn.turnNumber, turn);
    }
  }
  return next ?? current;
}

export type LiveState = 'off' | 'connecting' | 'live' | 'error';
