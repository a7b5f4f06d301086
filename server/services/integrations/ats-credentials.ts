import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { atsCredentials, type AtsKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { preparedQuery } from '@/db/prepared';
import { sha256Hex } from '@/server/crypto';
import { notFound } from '@/server/errors';
import { iso } from '../fields';
import { isIdOf, newId, randomBase62 } from '@/server/ids';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { sql } from 'drizzle-orm';
import { getEnv } from '@/server/env';
import { openAtsApiKey, openSigningSecret, sealAtsApiKey, sealSigningSecret } from './callback-credential';

/** Integration keys look like `iik_<40 base62>`: ~238 bits, and well under Greenhouse's 171-character limit. */
export const INTEGRATION_KEY_PREFIX = 'iik_';

export type AtsCredentialDto = {
  id: string;
  ats: AtsKind;
  name: string;
  prefix: string;
  hasApiKey: boolean;
  hasSigningSecret: boolean;
  /** Where the ATS sends its webhooks for this integration (Lever), or null where the ATS calls fixed operations. */
  webhookUrl: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
};
export type CreatedAtsCredential = AtsCredentialDto & { key: string };

/**
 * Lever's webhook address for one integration: the credential's id names the organization and the integration, the
 * signature made with the secret Lever gave authenticates the call (lever/lever-webhook.ts).
 */
export function atsWebhookUrl(ats: AtsKind, credentialId: string): string | null {
  return ats === 'lever' ? `${getEnv().APP_URL}/api/integrations/lever/webhook/${credentialId}` : null;
}

function toDto(row: typeof atsCredentials.$inferSelect): AtsCredentialDto {
  return {
    id: row.id,
    ats: row.ats,
    name: row.name,
    prefix: row.prefix,
    hasApiKey: row.apiKeySealed !== null,
    hasSigningSecret: row.signingSecretSealed !== null,
    webhookUrl: atsWebhookUrl(row.ats, row.id),
    lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null, revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
    createdAt: iso(row.createdAt),
  };
}

/**
 * A new credential for the ATS to present; its plaintext is returned here only and never stored. `apiKey` is the
 * customer's own key for the ATS's API, for the protocols that write back through it (Ashby): kept encrypted with
 * this credential, never returned.
 */
export async function createAtsCredential(db: DbExecutor, input: { orgId: string; ats: AtsKind; name?: string; apiKey?: string; signingSecret?: string; audit?: AuditContext }): Promise<CreatedAtsCredential> {
  const key = `${INTEGRATION_KEY_PREFIX}${randomBase62(40)}`;
  const id = newId('atsCredential');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(atsCredentials)
      .values({
        id,
        orgId: input.orgId,
        ats: input.ats,
        name: input.name?.trim() || `${input.ats} integration`,
        prefix: key.slice(0, INTEGRATION_KEY_PREFIX.length + 6),
        keyHash: sha256Hex(key),
        apiKeySealed: input.apiKey ? sealAtsApiKey(input.apiKey, input.orgId, id) : null,
        signingSecretSealed: input.signingSecret ? sealSigningSecret(input.signingSecret, input.orgId, id) : null,
      })
      .returning();
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'integration.credential_created', targetType: 'ats_credential', targetId: id, details: { ats: input.ats } });
    return { ...toDto(row), key };
  });
}

/**
 * Gives (or replaces) the customer's secrets of an integration that is not revoked: its key for the ATS's API and
 * the secret the ATS signs webhooks with. Lever shows its signature token only once the webhook exists, which is
 * after we showed the webhook's address: so it comes here, later. What is not given is kept.
 */
export async function setAtsCredentialSecrets(db: DbExecutor, input: { orgId: string; id: string; apiKey?: string; signingSecret?: string; audit?: AuditContext }): Promise<AtsCredentialDto> {
  if (!isIdOf('atsCredential', input.id)) throw notFound('Integration credential');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(atsCredentials)
      .set({
        ...(input.apiKey ? { apiKeySealed: sealAtsApiKey(input.apiKey, input.orgId, input.id) } : {}),
        ...(input.signingSecret ? { signingSecretSealed: sealSigningSecret(input.signingSecret, input.orgId, input.id) } : {}),
      })
      .where(and(eq(atsCredentials.id, input.id), eq(atsCredentials.orgId, input.orgId), isNull(atsCredentials.revokedAt)))
      .returning();
    if (!row) throw notFound('Integration credential');
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'integration.credential_updated',
      targetType: 'ats_credential',
      targetId: row.id,
      details: { ats: row.ats, apiKey: Boolean(input.apiKey), signingSecret: Boolean(input.signingSecret) },
    });
    return toDto(row);
  });
}

export async function listAtsCredentials(db: DbExecutor, input: { orgId: string; ats: AtsKind }): Promise<AtsCredentialDto[]> {
  const rows = await db
    .select()
    .from(atsCredentials)
    .where(and(eq(atsCredentials.orgId, input.orgId), eq(atsCredentials.ats, input.ats)))
    .orderBy(desc(atsCredentials.createdAt), desc(atsCredentials.id));
  return rows.map(toDto);
}

/** Revoked at once: the next call the ATS makes with it is refused. Revoking twice keeps the first time. */
export async function revokeAtsCredential(db: DbExecutor, input: { orgId: string; id: string; audit?: AuditContext }): Promise<AtsCredentialDto> {
  if (!isIdOf('atsCredential', input.id)) throw notFound('Integration credential');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(atsCredentials)
      .set({ revokedAt: sql`coalesce(${atsCredentials.revokedAt}, now())` })
      .where(and(eq(atsCredentials.id, input.id), eq(atsCredentials.orgId, input.orgId)))
      .returning();
    if (!row) throw notFound('Integration credential');
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'integration.credential_revoked', targetType: 'ats_credential', targetId: row.id, details: { ats: row.ats } });
    return toDto(row);
  });
}

export type AuthenticatedAtsCredential = { id: string; orgId: string; ats: AtsKind };

const selectCredentialByHash = preparedQuery((db) =>
  db
    .select({ id: atsCredentials.id, orgId: atsCredentials.orgId, ats: atsCredentials.ats, lastUsedAt: atsCredentials.lastUsedAt })
    .from(atsCredentials)
    .where(and(eq(atsCredentials.keyHash, sql.placeholder('keyHash')), isNull(atsCredentials.revokedAt)))
    .limit(1)
    .prepare('select_ats_credential_by_hash'),
);

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The organization a presented key acts for, for this ATS only (a Greenhouse key opens nothing at Ashby's routes),
 * or null. The lookup is by the SHA-256 of the key, so no comparison of secret bytes can leak through timing (as
 * API keys are checked); revoked keys fail at once.
 */
export async function authenticateAtsCredential(db: DbExecutor, input: { ats: AtsKind; key: string }): Promise<AuthenticatedAtsCredential | null> {
  if (!input.key.startsWith(INTEGRATION_KEY_PREFIX) || input.key.length > 170) return null;
  const [row] = await selectCredentialByHash(db).execute({ keyHash: sha256Hex(input.key) });
  if (!row || row.ats !== input.ats) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(atsCredentials)
      .set({ lastUsedAt: now })
      .where(and(eq(atsCredentials.id, row.id), or(isNull(atsCredentials.lastUsedAt), lt(atsCredentials.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
  }
  return { id: row.id, orgId: row.orgId, ats: row.ats };
}

/** The customer's key for the ATS's API given with this credential, or null (none, or unreadable under today's secret). */
export async function readAtsApiKey(db: DbExecutor, input: { orgId: string; credentialId: string }): Promise<string | null> {
  const [row] = await db
    .select({ sealed: atsCredentials.apiKeySealed })
    .from(atsCredentials)
    .where(and(eq(atsCredentials.id, input.credentialId), eq(atsCredentials.orgId, input.orgId)));
  return row?.sealed ? openAtsApiKey(row.sealed, input.orgId, input.credentialId) : null;
}

/**
 * The integration a webhook address names (its credential id, from the path), for this ATS only, not revoked, with
 * the secret its webhooks are signed with (null: not given yet, or unreadable). Across organizations on purpose:
 * the address is what names the organization, as an integration key does for the other protocols; the caller
 * must verify the signature before acting for it.
 */
export async function unsafeFindWebhookCredential(db: DbExecutor, input: { ats: AtsKind; id: string }): Promise<{ id: string; orgId: string; ats: AtsKind; signingSecret: string | null } | null> {
  if (!isIdOf('atsCredential', input.id)) return null;
  const [row] = await db
    .select({ id: atsCredentials.id, orgId: atsCredentials.orgId, ats: atsCredentials.ats, sealed: atsCredentials.signingSecretSealed })
    .from(atsCredentials)
    .where(and(eq(atsCredentials.id, input.id), eq(atsCredentials.ats, input.ats), isNull(atsCredentials.revokedAt)));
  if (!row) return null;
  return { id: row.id, orgId: row.orgId, ats: row.ats, signingSecret: row.sealed ? openSigningSecret(row.sealed, row.orgId, row.id) : null };
}

/** Marks an integration used (at most once a minute), as authenticateAtsCredential does for keys. */
export async function touchAtsCredential(db: DbExecutor, id: string): Promise<void> {
  const now = new Date();
  await db
    .update(atsCredentials)
    .set({ lastUsedAt: now })
    .where(and(eq(atsCredentials.id, id), or(isNull(atsCredentials.lastUsedAt), lt(atsCredentials.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
}

/** Whether this integration of the organization is still active (not revoked): a queued order stops when it is not. */
export async function isAtsCredentialActive(db: DbExecutor, input: { orgId: string; id: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: atsCredentials.id })
    .from(atsCredentials)
    .where(and(eq(atsCredentials.id, input.id), eq(atsCredentials.orgId, input.orgId), isNull(atsCredentials.revokedAt)));
  return Boolean(row);
}
