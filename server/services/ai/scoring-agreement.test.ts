import { describe, expect, it } from 'vitest';
import { agreementFigures, quadraticWeightedKappa, repeatSpread } from './scoring-agreement';

describe('scoring agreement', () => {
  it('QWK is 1 for identical scores, 0 for independent ones, and matches a value computed by hand', () => {
    expect(quadraticWeightedKappa([1, 5, 9], [1, 5, 9])).toBe(1);
    // Every pair of (0, 10) × (0, 10) once: observed equals expected, kappa 0.
    expect(quadraticWeightedKappa([0, 0, 10, 10], [0, 10, 0, 10])).toBeCloseTo(0, 10);
    // a = [0, 5, 10], b = [0, 10, 10]: Σw·O = 5²/10² = 0.25; Σw·E = (1/3)·Σ_k Σ_l w(a_k, b_l) = (1/3)·((0 + 1 + 1) + (0.25 × 3) + (1 + 0 + 0)) = 1.25.
    expect(quadraticWeightedKappa([0, 5, 10], [0, 10, 10])).toBeCloseTo(1 - 0.25 / 1.25, 10);
    expect(quadraticWeightedKappa([4, 4], [4, 4])).toBeNull();
  });

  it('exact, adjacent and mean difference; spread over repeats', () => {
    expect(agreementFigures([5, 6, 9, 2], [5, 5, 7, 2])).toEqual({ n: 4, qwk: expect.any(Number), exact: 0.5, adjacent: 0.75, meanDifference: 0.75 });
    expect(repeatSpread([[5, 5, 5], [4, 6, 5]])).toEqual({ meanRange: 1, meanSd: Math.sqrt(2 / 3) / 2 });
  });
});
