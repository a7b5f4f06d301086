import { describe, expect, it } from 'vitest';
import { agreementFigures, quadraticWeightedKappa, standardizedMeanDifference, toScoreLevel } from './agreement-statistics';

describe('quadraticWeightedKappa', () => {
  it('matches a value computed by hand', () => {
    // Pairs (ai, human): (2,2) (4,6) (8,8) (6,4); weights (i − j)² / 100.
    // Observed: 0 + 4/100 + 0 + 4/100 = 0.08.
    // Both raters' marginals are {2, 4, 6, 8} once each, so expected = (1/4) Σ over the 16 ordered pairs of
    // (i − j)² / 100 = (1/4)(6·4 + 4·16 + 2·36)/100 = (1/4)(160/100) = 0.4. Kappa = 1 − 0.08 / 0.4 = 0.8.
    const pairs = [
      { ai: 2, human: 2 },
      { ai: 4, human: 6 },
      { ai: 8, human: 8 },
      { ai: 6, human: 4 },
    ];
    expect(quadraticWeightedKappa(pairs)).toBeCloseTo(0.8, 12);
  });

  it('matches a second hand computation where the raters differ by a constant', () => {
    // (6,4) (8,6): observed 0.08; expected (1/2)((6−4)² + (6−6)² + (8−4)² + (8−6)²)/100 = (1/2)(24/100) = 0.12.
    expect(quadraticWeightedKappa([{ ai: 6, human: 4 }, { ai: 8, human: 6 }])).toBeCloseTo(1 - 0.08 / 0.12, 12);
  });

  it('is 1 for perfect agreement, and null with fewer than 2 pairs or no variance', () => {
    expect(quadraticWeightedKappa([{ ai: 0, human: 0 }, { ai: 10, human: 10 }, { ai: 3, human: 3 }])).toBe(1);
    expect(quadraticWeightedKappa([{ ai: 3, human: 7 }])).toBeNull();
    expect(quadraticWeightedKappa([])).toBeNull();
    expect(quadraticWeightedKappa([{ ai: 5, human: 5 }, { ai: 5, human: 5 }])).toBeNull();
  });
});

describe('standardizedMeanDifference', () => {
  it('divides the difference of means by the pooled sample SD', () => {
    // Means 7 and 5; sample variances ((1)² + (1)²) / 1 = 2 on each side; pooled SD √2; (7 − 5) / √2 = √2.
    expect(standardizedMeanDifference([6, 8], [4, 6])).toBeCloseTo(Math.SQRT2, 12);
    expect(standardizedMeanDifference([5, 5], [5, 5])).toBeNull();
    expect(standardizedMeanDifference([5], [4])).toBeNull();
  });
});

describe('agreementFigures', () => {
  it('counts exact and adjacent agreement and the means', () => {
    const figures = agreementFigures([
      { ai: 2, human: 2 },
      { ai: 4, human: 5 },
      { ai: 8, human: 6 },
      { ai: 6, human: 6 },
    ]);
    expect(figures).toMatchObject({ pairs: 4, exactAgreement: 0.5, adjacentAgreement: 0.75, aiMean: 5, humanMean: 4.75 });
  });

  it('has no figures without pairs', () => {
    expect(agreementFigures([])).toEqual({
      pairs: 0,
      exactAgreement: null,
      adjacentAgreement: null,
      qwk: null,
      aiMean: null,
      humanMean: null,
      standardizedMeanDifference: null,
    });
  });

  it('rounds scores to the 0–10 levels', () => {
    expect([7.5, 7.49, -1, 12, 0.5].map(toScoreLevel)).toEqual([8, 7, 0, 10, 1]);
  });
});
