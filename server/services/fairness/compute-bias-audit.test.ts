import { describe, expect, it } from 'vitest';
import { computeBiasAudit, INTERSECTIONAL_CATEGORIES, median, type AuditRecord } from './compute-bias-audit';

const person = (outcome: number | boolean, sex: string | null, raceEthnicity: string | null = null): AuditRecord => ({ outcome, sex, raceEthnicity });

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('computeBiasAudit', () => {
  it('basis=score: a score equal to the median is not above it', () => {
    // Scores 50, 60, 60, 60, 70: median 60; only 70 is above it.
    const audit = computeBiasAudit('score', [person(50, 'female'), person(60, 'female'), person(60, 'male'), person(60, 'male'), person(70, 'male')]);
    expect(audit.medianScore).toBe(60);
    expect(audit.categories.sex).toEqual([
      { category: 'female', n: 2, rate: 0, impactRatio: 0, excluded: false, fisherP: expect.closeTo(1, 12) },
      { category: 'male', n: 3, rate: 1 / 3, impactRatio: 1, excluded: false, fisherP: expect.closeTo(1, 12) },
    ]);
  });

  it('declined and unanswered count as unknown, apart from every rate', () => {
    const audit = computeBiasAudit('decision', [person(true, 'declined', 'asian'), person(false, null, 'declined'), person(true, 'female', 'white'), person(false, 'male', 'white')]);
    expect(audit.unknown).toEqual({ sex: 2, raceEthnicity: 1 });
    expect(audit.medianScore).toBeNull();
    expect(audit.categories.sex.map((c) => [c.category, c.n, c.rate])).toEqual([
      ['female', 1, 1],
      ['male', 1, 0],
    ]);
    expect(audit.categories.intersectional).toHaveLength(INTERSECTIONAL_CATEGORIES.length);
    expect(audit.categories.intersectional.filter((c) => c.n > 0).map((c) => c.category)).toEqual(['female/white', 'male/white']);
  });

  it('a category under 2 % of the known values is excluded: it keeps n and rate, has no ratio and sets no maximum', () => {
    // 60 men of whom 30 advance, 1 woman who advances: 1/61 < 2 %.
    const records = [...Array.from({ length: 60 }, (_, i) => person(i % 2 === 0, 'male')), person(true, 'female')];
    const [female, male] = computeBiasAudit('decision', records).categories.sex;
    expect(female).toMatchObject({ n: 1, rate: 1, excluded: true, impactRatio: null });
    expect(male).toMatchObject({ n: 60, rate: 0.5, excluded: false, impactRatio: 1 });
  });

  it('exactly 2 % is not under 2 %', () => {
    const records = [...Array.from({ length: 49 }, () => person(false, 'male')), person(true, 'female')];
    expect(computeBiasAudit('decision', records).categories.sex[0]).toMatchObject({ n: 1, excluded: false, impactRatio: 1 });
  });

  it('no ratio when no category has a positive rate', () => {
    const audit = computeBiasAudit('decision', [person(false, 'female'), person(false, 'male')]);
    expect(audit.categories.sex.map((c) => c.impactRatio)).toEqual([null, null]);
  });
});
