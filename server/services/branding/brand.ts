import { eq } from 'drizzle-orm';
import { organizationBrands, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { log } from '@/server/log';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getObjectStore } from '../storage/get-object-store';
import { DEFAULT_ACCENT, MAX_LOGO_BYTES, type BrandSettings, type CandidateBrand, type UpdateBrandInput } from './brand-schemas';
import { contrastWithWhite } from './contrast';
import { logoPath, sniffLogoType } from './logo-image';

function toSettings(row: typeof organizationBrands.$inferSelect | undefined): BrandSettings {
  return {
    displayName: row?.displayName ?? null,
    accentColor: row?.accentColor ?? null,
    logoUrl: row?.logoId ? logoPath(row.logoId) : null,
    accentContrast: row?.accentColor ? Math.round(contrastWithWhite(row.accentColor) * 100) / 100 : null,
  };
}

/** Settings → Employer brand (admins). */
export async function getBrandSettings(db: DbExecutor, input: { orgId: string }): Promise<BrandSettings> {
  const [row] = await db.select().from(organizationBrands).where(eq(organizationBrands.orgId, input.orgId));
  return toSettings(row);
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { issues: [{ path, message }] });
}

/**
 * Saves the brand. The accent colour arrives checked (brand-schemas.ts refuses one below WCAG AA); the logo's bytes
 * are checked here: base64, at most 256 KiB, and really the image type declared. The new logo is stored before the
 * row points at it; the old object is deleted after the commit (a failure there leaves an orphan, never a broken
 * logo).
 */
export async function updateBrand(db: DbExecutor, input: { orgId: string; brand: UpdateBrandInput; audit?: AuditContext }): Promise<BrandSettings> {
  const { brand } = input;
  let upload: { logoId: string; logoKey: string; contentType: string } | null = null;
  if (brand.logo) {
    const bytes = Buffer.from(brand.logo.dataBase64, 'base64');
    if (bytes.byteLength === 0) throw invalid('logo.dataBase64', 'The logo file is empty or not base64');
    if (bytes.byteLength > MAX_LOGO_BYTES) throw invalid('logo.dataBase64', 'The logo must be at most 256 KiB');
    const sniffed = sniffLogoType(bytes);
    if (!sniffed) throw invalid('logo.dataBase64', 'The logo must be a PNG, JPEG or WebP image');
    if (sniffed !== brand.logo.contentType) throw invalid('logo.contentType', `The file is ${sniffed}, not ${brand.logo.contentType}`);
    const logoId = newId('brandLogo');
    const logoKey = `orgs/${input.orgId}/brand/${logoId}`;
    await getObjectStore().put(logoKey, new Uint8Array(bytes), sniffed);
    upload = { logoId, logoKey, contentType: sniffed };
  }
  const replacedKey = await db.transaction(async (tx) => {
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId)).for('update');
    if (!org) throw notFound('Organization');
    const [before] = await tx.select().from(organizationBrands).where(eq(organizationBrands.orgId, input.orgId));
    const logo =
      upload !== null
        ? { logoId: upload.logoId, logoKey: upload.logoKey, logoContentType: upload.contentType }
        : brand.logo === null
          ? { logoId: null, logoKey: null, logoContentType: null }
          : {};
    const values = { displayName: brand.displayName || null, accentColor: brand.accentColor, ...logo, updatedAt: new Date() };
    await tx
      .insert(organizationBrands)
      .values({ orgId: input.orgId, ...values })
      .onConflictDoUpdate({ target: organizationBrands.orgId, set: values });
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'settings.updated',
      targetType: 'organization',
      targetId: input.orgId,
      details: { setting: 'brand', displayName: values.displayName, accentColor: values.accentColor, logo: upload ? 'replaced' : brand.logo === null ? 'removed' : 'kept' },
    });
    return 'logoKey' in logo && before?.logoKey && before.logoKey !== logo.logoKey ? before.logoKey : null;
  });
  if (replacedKey) await getObjectStore().delete(replacedKey).catch((error: unknown) => log.warn({ err: error }, 'old brand logo not deleted'));
  return getBrandSettings(db, input);
}

/** The brand the candidate sees (page and emails): the organization's, or its name and the service's colours. */
export async function getCandidateBrand(db: DbExecutor, input: { orgId: string }): Promise<CandidateBrand> {
  const [row] = await db
    .select({ name: organizations.name, displayName: organizationBrands.displayName, accentColor: organizationBrands.accentColor, logoId: organizationBrands.logoId })
    .from(organizations)
    .leftJoin(organizationBrands, eq(organizationBrands.orgId, organizations.id))
    .where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return {
    name: row.displayName ?? row.name,
    accentColor: row.accentColor ?? DEFAULT_ACCENT,
    logoPath: row.logoId ? logoPath(row.logoId) : null,
    custom: Boolean(row.displayName || row.accentColor || row.logoId),
  };
}

/**
 * A logo by its public id, for `/api/brand-logos/:logoId`. Public on purpose: emails show it to anyone the
 * candidate forwards them to, and a logo is published material. The id is random, so logos cannot be listed.
 */
export async function unsafeReadBrandLogo(db: DbExecutor, logoId: string): Promise<{ contentType: string; body: ReadableStream<Uint8Array>; size: number } | null> {
  if (!isIdOf('brandLogo', logoId)) return null;
  const [row] = await db
    .select({ key: organizationBrands.logoKey, contentType: organizationBrands.logoContentType })
    .from(organizationBrands)
    .where(eq(organizationBrands.logoId, logoId));
  if (!row?.key || !row.contentType) return null;
  const object = await getObjectStore().get(row.key);
  return object ? { contentType: row.contentType, body: object.body, size: object.size } : null;
}

/** The candidate's brand from the invitation facts' columns (select-invitation-facts.ts). */
export function candidateBrandOf(row: { organizationName: string; brandAccentColor: string | null; brandLogoId: string | null }): CandidateBrand {
  return {
    name: row.organizationName,
    accentColor: row.brandAccentColor ?? DEFAULT_ACCENT,
    logoPath: row.brandLogoId ? logoPath(row.brandLogoId) : null,
    custom: Boolean(row.brandAccentColor || row.brandLogoId),
  };
}
