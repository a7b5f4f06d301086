import { describe, expect, it } from 'vitest';
import { formatOffset, turnPositions } from './recording-positions';

const turn = (turnNumber: number, createdAt: string, offsetMs: number | null) => ({ turnNumber, createdAt, offsetMs });

describe('turnPositions', () => {
  it('places turns by their offset in the recording when the recorder gave them, in the order they were spoken', () => {
    const turns = [turn(1, '2026-01-01T10:00:00Z', 0), turn(2, '2026-01-01T10:00:30Z', 7_250), turn(3, '2026-01-01T10:00:31Z', 4_000), turn(4, '2026-01-01T10:01:00Z', null)];
    // A turn without an offset (written while the recorder was gone) has no place in that recording.
    expect(turnPositions(turns)).toEqual([
      { turnNumber: 1, at: 0 },
      { turnNumber: 3, at: 4 },
      { turnNumber: 2, at: 7.25 },
    ]);
  });

  it('falls back to the time since the first turn for an agent recording without offsets', () => {
    expect(turnPositions([turn(1, '2026-01-01T10:00:00Z', null), turn(2, '2026-01-01T10:00:12.5Z', null)])).toEqual([
      { turnNumber: 1, at: 0 },
      { turnNumber: 2, at: 12.5 },
    ]);
    expect(turnPositions([])).toEqual([]);
  });
});

describe('formatOffset', () => {
  it('writes minutes and zero-padded seconds, rounding down', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(9_999)).toBe('0:09');
    expect(formatOffset(61_000)).toBe('1:01');
    expect(formatOffset(3_600_000)).toBe('60:00');
    expect(formatOffset(-5)).toBe('0:00');
  });
});
