import { describe, expect, it } from 'vitest';
import { acknowledgement } from './live-instructions';

describe('acknowledgement', () => {
  it('varies by turn, in the interview language, and never judges the answer', () => {
    for (const language of ['en', 'fr'] as const) {
      const said = [3, 5, 7, 9].map((turn) => acknowledgement(language, turn));
      expect(new Set(said).size).toBeGreaterThan(1);
      for (const text of said) expect(text).not.toMatch(/great|excellent|good|perfect|bien joué|parfait|excellent|bonne/i);
    }
    expect(acknowledgement('fr', 3)).toMatch(/merci/i);
    expect(acknowledgement('en', 3)).toMatch(/thank/i);
  });
});
