/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): the brand's accent colour is used as the
 * background of white button text and as the colour of links on white, so it must reach AA for normal text
 * (4.5:1) against white. The ratio is symmetric: one check covers both uses.
 */
export const MIN_ACCENT_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

/** `#RGB` or `#RRGGBB`, any case → `#rrggbb`; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  const full = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : v;
  return HEX.test(full) ? full : null;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio of `#rrggbb` against white, 1..21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/**
 * The lightest darkening of `hex` (each channel scaled by the same factor, so the hue stays) that reaches the
 * minimum contrast: what the refusal suggests to the admin.
 */
export function darkenToContrast(hex: string, min = MIN_ACCENT_CONTRAST): string {
  const n = parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let f = 1; f >= 0; f -= 0.01) {
    const candidate = `#${rgb.map((c) => Math.round(c * f).toString(16).padStart(2, '0')).join('')}`;
    if (contrastWithWhite(candidate) >= min) return candidate;
  }
  return '#000000';
}
