import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const PROVIDER_KINDS = ['llm', 'stt', 'tts', 'realtime'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * An organization's own AI providers (CONTRACT §16), one row per kind it set: each null field falls back to the
 * operator's environment (LLM_*, STT_*, TTS_*, REALTIME_*). The key is stored only encrypted (AES-256-GCM under
 * PROVIDER_KEY_SECRET, server/crypto.ts) with its last 4 characters, which is all the dashboard ever shows of it.
 */
export const organizationProviders = pgTable(
  'organization_providers',
  {
    orgId: text('org_id').notNull().references(() => organizations.id),
    kind: text('kind', { enum: PROVIDER_KINDS }).notNull(),
    baseUrl: text('base_url'),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url; null: the environment's key (if the base URL is the environment's too). */
    apiKeyEncrypted: text('api_key_encrypted'),
    apiKeyLast4: text('api_key_last4'),
    model: text('model'),
    voice: text('voice'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);
