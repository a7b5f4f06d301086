import { describe, expect, it } from 'vitest';
import { countWords, isPoorTranscript } from './transcript-quality';

describe('isPoorTranscript', () => {
  it('flags an empty or punctuation-only transcript', () => {
    expect(isPoorTranscript('', null)).toBe(true);
    expect(isPoorTranscript('  … ', 3000)).toBe(true);
  });
  it('flags a transcript far shorter than the speech', () => {
    expect(isPoorTranscript('yes', 40_000)).toBe(true);
    expect(isPoorTranscript('I led a migration of our billing platform to a new provider', 40_000)).toBe(false);
  });
  it('does not judge short recordings or unknown durations by length', () => {
    expect(isPoorTranscript('yes', 4000)).toBe(false);
    expect(isPoorTranscript('yes', null)).toBe(false);
  });
  it('counts words in any script', () => {
    expect(countWords("J'ai dirigé l'équipe — 3 ans.")).toBe(5);
  });
});
