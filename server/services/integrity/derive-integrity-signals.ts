import { INTEGRITY_THRESHOLDS as T, type IntegritySignals } from './integrity-schemas';

export type SignalTurn = {
  turnNumber: number;
  role: 'agent' | 'candidate';
  content: string;
  audioUrl: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  createdAt: Date;
};
export type SignalEvent = { kind: 'page_away' | 'paste'; turnNumber: number | null; durationMs: number | null; characters: number | null };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The integrity signals from what the page reported (`events`) and the turns' own timings: facts only, each with
 * the numbers that make it, for a reviewer to weigh. Pure, so the thresholds are tested without a database.
 */
export function deriveIntegritySignals(input: { answerMode: string | null; events: SignalEvent[]; turns: SignalTurn[] }): IntegritySignals {
  const away = input.events.filter((e) => e.kind === 'page_away' && (e.durationMs ?? 0) >= T.minAwayMs);
  const byTurn = new Map(input.turns.map((t) => [t.turnNumber, t]));

  const pasted = new Map<number, { pastes: number; characters: number }>();
  for (const e of input.events) {
    if (e.kind !== 'paste' || e.turnNumber === null) continue;
    const answerTurn = e.turnNumber + 1;
    const entry = pasted.get(answerTurn) ?? { pastes: 0, characters: 0 };
    pasted.set(answerTurn, { pastes: entry.pastes + 1, characters: entry.characters + (e.characters ?? 0) });
  }
  const pastedAnswers = [...pasted.entries()]
    .sort(([a], [b]) => a - b)
    .map(([turnNumber, p]) => {
      const answer = byTurn.get(turnNumber);
      return { turnNumber, ...p, answerCharacters: answer?.role === 'candidate' ? answer.content.length : null };
    });

  const fastAnswers: IntegritySignals['fastAnswers'] = [];
  const longSilences: IntegritySignals['longSilences'] = [];
  for (const answer of input.turns) {
    if (answer.role !== 'candidate') continue;
    const question = byTurn.get(answer.turnNumber - 1);
    const characters = answer.content.trim().length;
    if (answer.audioUrl || input.answerMode === 'live') {
      const ms = answer.startedAt && answer.endedAt ? answer.endedAt.getTime() - answer.startedAt.getTime() : answer.durationMs;
      const words = answer.content.trim().split(/\s+/).filter(Boolean).length;
      if (ms && ms > 0 && characters >= T.minCharactersForSpeed) {
        const perMinute = words / (ms / 60_000);
        if (perMinute > T.maxSpokenWordsPerMinute) fastAnswers.push({ turnNumber: answer.turnNumber, channel: 'spoken', characters, seconds: round1(ms / 1000), perMinute: Math.round(perMinute) });
      }
      if (input.answerMode === 'live' && question?.role === 'agent' && question.endedAt && answer.startedAt) {
        const silence = answer.startedAt.getTime() - question.endedAt.getTime();
        if (silence >= T.longSilenceMs) longSilences.push({ turnNumber: answer.turnNumber, seconds: round1(silence / 1000) });
      }
      continue;
    }
    // Typed: from the question being asked to the answer being sent is the most time the typing could have taken.
    if (pasted.has(answer.turnNumber) || question?.role !== 'agent' || characters < T.minCharactersForSpeed) continue;
    const asked = (question.startedAt ?? question.createdAt).getTime();
    const sent = (answer.endedAt ?? answer.createdAt).getTime();
    const ms = Math.max(sent - asked, 1);
    const perMinute = characters / (ms / 60_000);
    if (perMinute > T.maxTypedCharactersPerMinute) fastAnswers.push({ turnNumber: answer.turnNumber, channel: 'typed', characters, seconds: round1(ms / 1000), perMinute: Math.round(perMinute) });
  }

  return {
    pageAway: { count: away.length, totalSeconds: round1(away.reduce((sum, e) => sum + (e.durationMs ?? 0), 0) / 1000) },
    pastedAnswers,
    fastAnswers,
    longSilences,
  };
}
