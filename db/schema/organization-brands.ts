import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The employer's brand on the candidate's page and in every candidate email (issue 25), one row per organization
 * that set one; without a row the organization's name and the service's own colours are used.
 * `accentColor` is `#rrggbb` with at least 4.5:1 contrast against white (WCAG AA; checked when saved).
 * The logo lives in the object store under `logoKey`; `logoId` (`lgo_…`, random) names it in the public URL
 * `/api/brand-logos/<logoId>` and changes with every upload, so the URL can be cached for ever.
 */
export const organizationBrands = pgTable('organization_brands', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id),
  displayName: text('display_name'),
  accentColor: text('accent_color'),
  logoId: text('logo_id').unique(),
  logoKey: text('logo_key'),
  logoContentType: text('logo_content_type'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
