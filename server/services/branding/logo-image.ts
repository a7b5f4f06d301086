import type { LogoType } from './brand-schemas';

/**
 * The image type the bytes really are, from their magic numbers, or null. SVG is not accepted: it can carry
 * script, and email clients do not show it.
 */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function logoPath(logoId: string): string {
  return `/api/brand-logos/${logoId}`;
}
