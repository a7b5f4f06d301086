import { describe, expect, it } from 'vitest';
import { isBackChannel, voicedMs } from './live-turn-taking';

describe('isBackChannel', () => {
  it('takes a listener’s acknowledgements as back-channels, in English and French', () => {
    for (const text of ['Uh-huh.', 'mm-hmm', 'Mmm hmm', 'OK', 'okay.', 'Yeah, right.', 'I see', "D'accord.", 'oui oui', '']) expect(isBackChannel(text), text).toBe(true);
  });
  it('does not take the start of an answer, or a request, for one', () => {
    for (const text of ['OK so I led the migration', 'Wait, could you repeat that?', 'No', 'Stop please', 'I built it in Go']) expect(isBackChannel(text), text).toBe(false);
  });
});

describe('voicedMs', () => {
  it('counts the loud 20 ms windows only', () => {
    const tone = Buffer.alloc(24_000 * 2 * 0.1);
    for (let i = 0; i < tone.length / 2; i++) tone.writeInt16LE(Math.round(6000 * Math.sin(i / 5)), i * 2);
    expect(voicedMs(Buffer.concat([tone, Buffer.alloc(24_000 * 2 * 0.2)]))).toBeCloseTo(100, 0);
  });
});
