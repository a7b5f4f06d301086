import { z } from 'zod';
import { contrastWithWhite, darkenToContrast, MIN_ACCENT_CONTRAST, normalizeHexColor } from './contrast';

/** A logo is at most 256 KiB: it is shown at 48 px high on the page and in emails; a larger file is a mistake. */
export const MAX_LOGO_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** The accent colour: `#rgb`/`#rrggbb`, refused below WCAG AA against white, with a darker colour of the same hue suggested. */
export const AccentColorSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const hex = normalizeHexColor(value);
    if (!hex) {
      ctx.addIssue({ code: 'custom', message: 'Must be a hex colour such as #1d4ed8' });
      return z.NEVER;
    }
    const ratio = contrastWithWhite(hex);
    if (ratio < MIN_ACCENT_CONTRAST) {
      ctx.addIssue({
        code: 'custom',
        message: `Contrast with white is ${ratio.toFixed(2)}:1, below the 4.5:1 WCAG AA needs for text on this colour and for this colour on white; a darker shade such as ${darkenToContrast(hex)} passes`,
      });
      return z.NEVER;
    }
    return hex;
  });

export const LogoUploadSchema = z.strictObject({
  contentType: z.enum(LOGO_TYPES, 'Must be a PNG, JPEG or WebP image'),
  /** The file's bytes, base64 (at most 256 KiB decoded). */
  dataBase64: z.string().max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4, 'The logo must be at most 256 KiB'),
});

export const UpdateBrandInputSchema = z.strictObject({
  displayName: z.string().trim().max(100, 'Must be at most 100 characters').nullable(),
  accentColor: AccentColorSchema.nullable(),
  /** A new logo; null removes it; absent keeps the current one. */
  logo: LogoUploadSchema.nullable().optional(),
});
export type UpdateBrandInput = z.infer<typeof UpdateBrandInputSchema>;

export const BrandSettingsSchema = z.object({
  displayName: z.string().nullable(),
  accentColor: z.string().nullable(),
  /** Relative URL of the logo (`/api/brand-logos/lgo_…`), or null. */
  logoUrl: z.string().nullable(),
  /** The accent's contrast with white, for the card to show. */
  accentContrast: z.number().nullable(),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;

/** What the candidate's page and emails use: always a name and a colour (the service's own blue by default). */
export type CandidateBrand = { name: string; accentColor: string; logoPath: string | null; custom: boolean };
export const DEFAULT_ACCENT = '#1d4ed8';
