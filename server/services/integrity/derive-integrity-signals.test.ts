import { describe, expect, it } from 'vitest';
import { deriveIntegritySignals, type SignalTurn } from './derive-integrity-signals';

const t0 = Date.parse('2026-11-26T10:00:00Z');
const at = (s: number) => new Date(t0 + s * 1000);
const turn = (turnNumber: number, role: 'agent' | 'candidate', content: string, fields: Partial<SignalTurn> = {}): SignalTurn => ({
  turnNumber,
  role,
  content,
  audioUrl: null,
  startedAt: null,
  endedAt: null,
  durationMs: null,
  createdAt: at(0),
  ...fields,
});
const long = 'x'.repeat(300);

describe('deriveIntegritySignals', () => {
  it('counts absences of a second or more and sums them; pastes per answer with the answer length', () => {
    const signals = deriveIntegritySignals({
      answerMode: 'written',
      events: [
        { kind: 'page_away', turnNumber: null, durationMs: 4200, characters: null },
        { kind: 'page_away', turnNumber: null, durationMs: 999, characters: null },
        { kind: 'page_away', turnNumber: null, durationMs: 1000, characters: null },
        { kind: 'paste', turnNumber: 1, durationMs: null, characters: 120 },
        { kind: 'paste', turnNumber: 1, durationMs: null, characters: 30 },
      ],
      turns: [turn(1, 'agent', 'Q1', { startedAt: at(0) }), turn(2, 'candidate', long, { endedAt: at(2) })],
    });
    expect(signals.pageAway).toEqual({ count: 2, totalSeconds: 5.2 });
    // The pasted answer is not listed again as a fast one: the paste explains its speed.
    expect(signals.pastedAnswers).toEqual([{ turnNumber: 2, pastes: 2, characters: 150, answerCharacters: 300 }]);
    expect(signals.fastAnswers).toEqual([]);
  });

  it('lists typed answers faster than 600 characters a minute from the question, ignoring short ones', () => {
    const signals = deriveIntegritySignals({
      answerMode: 'written',
      events: [],
      turns: [
        turn(1, 'agent', 'Q1', { startedAt: at(0) }),
        turn(2, 'candidate', long, { endedAt: at(10) }), // 1800/min
        turn(3, 'agent', 'Q2', { startedAt: at(10) }),
        turn(4, 'candidate', long, { endedAt: at(70) }), // 300/min
        turn(5, 'agent', 'Q3', { startedAt: at(70) }),
        turn(6, 'candidate', 'Yes.', { endedAt: at(70.5) }),
      ],
    });
    expect(signals.fastAnswers).toEqual([{ turnNumber: 2, channel: 'typed', characters: 300, seconds: 10, perMinute: 1800 }]);
  });

  it('live: spoken faster than 250 words a minute, and silences of 10 s or more before an answer', () => {
    const words = Array.from({ length: 60 }, () => 'word').join(' ');
    const signals = deriveIntegritySignals({
      answerMode: 'live',
      events: [],
      turns: [
        turn(1, 'agent', 'Q1', { startedAt: at(0), endedAt: at(5) }),
        turn(2, 'candidate', words, { startedAt: at(17), endedAt: at(27) }), // 12 s silence; 360 wpm
        turn(3, 'agent', 'Q2', { startedAt: at(28), endedAt: at(30) }),
        turn(4, 'candidate', words, { startedAt: at(33), endedAt: at(63) }), // 3 s; 120 wpm
      ],
    });
    expect(signals.longSilences).toEqual([{ turnNumber: 2, seconds: 12 }]);
    expect(signals.fastAnswers).toEqual([{ turnNumber: 2, channel: 'spoken', characters: words.length, seconds: 10, perMinute: 360 }]);
  });
});
