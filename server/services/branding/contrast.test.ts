import { describe, expect, it } from 'vitest';
import { contrastWithWhite, darkenToContrast, MIN_ACCENT_CONTRAST, normalizeHexColor } from './contrast';

describe('accent contrast (WCAG 2.x)', () => {
  it('computes the published ratios against white', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the well-known lightest grey that passes AA on white (4.54:1); #777777 fails (4.48:1).
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
    expect(contrastWithWhite('#777777')).toBeLessThan(MIN_ACCENT_CONTRAST);
    expect(contrastWithWhite('#1d4ed8')).toBeCloseTo(6.7, 1);
  });

  it('normalizes #RGB and #RRGGBB and refuses anything else', () => {
    expect(normalizeHexColor('#F0A')).toBe('#ff00aa');
    expect(normalizeHexColor(' #1D4ED8 ')).toBe('#1d4ed8');
    expect(normalizeHexColor('red')).toBeNull();
    expect(normalizeHexColor('#12345')).toBeNull();
    expect(normalizeHexColor('#1d4ed8;}body{')).toBeNull();
  });

  it('suggests a darker colour of the same hue that passes', () => {
    const suggestion = darkenToContrast('#ffcc00');
    expect(contrastWithWhite(suggestion)).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
    expect(contrastWithWhite(darkenToContrast('#1d4ed8'))).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
    expect(darkenToContrast('#1d4ed8')).toBe('#1d4ed8');
  });
});
