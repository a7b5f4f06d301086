import { describe, expect, it } from 'vitest';
import { GO_TO, SHORTCUTS } from './shortcuts';

describe('keyboard shortcuts', () => {
  it('lists every "g" destination once, and / and ? for search and help', () => {
    const keys = SHORTCUTS.map((s) => s.keys.join(' '));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of Object.keys(GO_TO)) expect(keys).toContain(`g ${key}`);
    expect(keys).toEqual(expect.arrayContaining(['/', '?']));
  });
});
