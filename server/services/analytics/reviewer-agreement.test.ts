import { describe, expect, it } from 'vitest';
import { AUTOMATION_BIAS_THRESHOLDS, suspectsAutomationBias } from './reviewer-agreement';

describe('suspectsAutomationBias', () => {
  it('warns from 95 % exact agreement over at least 10 pairs, not below either', () => {
    expect(AUTOMATION_BIAS_THRESHOLDS).toEqual({ minPairs: 10, minExactAgreement: 0.95 });
    expect(suspectsAutomationBias(10, 1)).toBe(true);
    expect(suspectsAutomationBias(20, 19 / 20)).toBe(true);
    expect(suspectsAutomationBias(20, 18 / 20)).toBe(false);
    expect(suspectsAutomationBias(9, 1)).toBe(false);
    expect(suspectsAutomationBias(0, null)).toBe(false);
  });
});
