import { describe, expect, it } from 'vitest';
import { createVoiceActivityDetector } from './voice-activity';

function feed(levels: Array<[rms: number, ms: number]>, frameMs = 50) {
  const vad = createVoiceActivityDetector();
  let state = { speaking: false, heardSpeech: false, ended: false };
  let at = 0;
  let endedAt: number | null = null;
  for (const [rms, ms] of levels) {
    for (let t = 0; t < ms; t += frameMs) {
      state = vad.push(rms, frameMs);
      at += frameMs;
      if (state.ended && endedAt === null) endedAt = at;
    }
  }
  return { state, endedAt };
}

describe('energy voice-activity detection', () => {
  it('waits through silence before any speech: never ends an answer that has not begun', () => {
    expect(feed([[0.002, 10_000]]).state).toEqual({ speaking: false, heardSpeech: false, ended: false });
  });

  it('ends an answer after the quiet that follows speech, not during pauses between words', () => {
    const { endedAt } = feed([
      [0.003, 1000],
      [0.2, 1500],
      [0.004, 800], // a pause between sentences
      [0.15, 1000],
      [0.003, 3000],
    ]);
    expect(endedAt).toBe(1000 + 1500 + 800 + 1000 + 1400);
  });

  it('a click is not speech', () => {
    expect(feed([[0.003, 500], [0.3, 100], [0.003, 5000]]).state.ended).toBe(false);
  });

  it('follows a noisy room: steady noise above the absolute floor is not speech, a voice over it is', () => {
    const noisy = feed([[0.03, 3000]]);
    expect(noisy.state.heardSpeech).toBe(false);
    const { endedAt } = feed([[0.03, 2000], [0.25, 1000], [0.03, 2000]]);
    expect(endedAt).toBe(2000 + 1000 + 1400);
  });
});
