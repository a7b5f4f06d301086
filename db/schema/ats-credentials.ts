import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ATS_KINDS } from './ats-kinds';
import { organizations } from './organizations';

/**
 * A credential an ATS presents when it calls us for one organization (Greenhouse: the Basic-auth username). The
 * plaintext is shown once; only its SHA-256 (looked up by digest, as API keys are) and a display prefix are kept.
 * An organization may hold several per ATS (to rotate: create the new one, give it to the ATS, revoke the old).
 */
export const atsCredentials = pgTable(
  'ats_credentials',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /**
     * The customer's own key for the ATS's API, where its protocol has us call that API with it (Ashby's
     * assessment.update, Lever's notes): write-only, encrypted as provider keys are (callback-credential.ts).
     */
    apiKeySealed: text('api_key_sealed'),
    /**
     * The secret the ATS signs its webhooks with (Lever's per-webhook "signature token", pasted by an admin once
     * Lever shows it): write-only, encrypted as the API key is.
     */
    signingSecretSealed: text('signing_secret_sealed'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ats_credentials_org_idx').on(t.orgId, t.ats, t.createdAt)],
);
