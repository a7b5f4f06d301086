import { and, eq } from 'drizzle-orm';
import { organizationProviders, organizations, PROVIDER_KINDS, type ProviderKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { encryptSecret } from '@/server/crypto';
import { getEnv } from '@/server/env';
import { AppError, invalidField, notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { resolveWebhookUrl, WebhookUrlError } from '../webhooks/check-webhook-url';
import type { ProviderKindUpdate, ProviderSettings, UpdateProviderSettingsInput } from './provider-schemas';
import { effectiveProviderConfig, hasVoice, keyContext, storedKey } from './resolve-provider';

type ProviderRow = typeof organizationProviders.$inferSelect;

/** Keys shorter than this show no characters at all: 4 of 8 would be half the key. */
const LAST4_MIN_LENGTH = 12;

function operatorDefault(kind: ProviderKind) {
  const config = effectiveProviderConfig(kind, undefined);
  const env = getEnv();
  const model = { llm: env.LLM_MODEL, stt: env.STT_MODEL, tts: env.TTS_MODEL, realtime: env.REALTIME_MODEL }[kind];
  const voice = { llm: null, stt: null, tts: env.TTS_VOICE, realtime: env.REALTIME_VOICE }[kind];
  return { configured: config !== null, model, voice };
}

/** The organization's providers as Settings shows them: its own values, whether a key is set, and what applies now. */
export async function getProviderSettings(db: DbExecutor, input: { orgId: string }): Promise<ProviderSettings> {
  const env = getEnv();
  const rows = await db.select().from(organizationProviders).where(eq(organizationProviders.orgId, input.orgId));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return {
    providers: PROVIDER_KINDS.map((kind) => {
      const row = byKind.get(kind);
      const effective = effectiveProviderConfig(kind, row);
      const key = row ? storedKey(row, env) : null;
      return {
        kind,
        baseUrl: row?.baseUrl ?? null,
        model: row?.model ?? null,
        voice: hasVoice(kind) ? (row?.voice ?? null) : null,
        apiKey: { set: key !== null, last4: key !== null ? (row?.apiKeyLast4 ?? null) : null, unreadable: key === 'unreadable' },
        effective: {
          configured: effective !== null,
          baseUrlSource: effective?.baseUrlSource ?? null,
          keySource: !effective?.apiKey ? null : typeof key === 'string' && key !== 'unreadable' ? 'organization' : 'environment',
          model: effective?.model ?? null,
          voice: effective?.voice ?? null,
        },
        operatorDefault: operatorDefault(kind),
      };
    }),
    canStoreKeys: Boolean(env.PROVIDER_KEY_SECRET),
    allowPrivateUrls: env.PROVIDER_ALLOW_PRIVATE_URLS,
  };
}

/**
 * A base URL the service may call for this organization: the webhook URLs' check (https in production, no
 * credentials, no private, loopback or link-local address after DNS, unless PROVIDER_ALLOW_PRIVATE_URLS), and no
 * query or fragment, which the SDK would not keep and where a key could hide (the URL is shown and audited).
 */
async function checkBaseUrl(kind: ProviderKind, value: string): Promise<string> {
  const path = `${kind}.baseUrl`;
  try {
    const { url } = await resolveWebhookUrl(value, { allowPrivate: getEnv().PROVIDER_ALLOW_PRIVATE_URLS });
    if (url.search || url.hash) throw new WebhookUrlError('Must not contain a query or a fragment');
    return url.toString().replace(/\/+$/, '');
  } catch (error) {
    if (error instanceof WebhookUrlError) throw invalidField(path, error.message);
    throw error;
  }
}

type KeyChange = 'set' | 'cleared' | 'unchanged';

/**
 * Applies each kind's change in one transaction under the organization row's lock and writes one
 * `settings.updated` entry naming what changed: base URLs, models and voices as values, the key only as
 * set / cleared (never its value, nor its last characters). Saving the same values records nothing.
 */
export async function updateProviderSettings(
  db: DbExecutor,
  input: { orgId: string; changes: UpdateProviderSettingsInput; audit?: AuditContext },
): Promise<ProviderSettings> {
  const env = getEnv();
  const kinds = PROVIDER_KINDS.filter((kind) => input.changes[kind] !== undefined);
  // Checked before the transaction: DNS can take a while, and a refused URL changes nothing.
  const checkedUrls = new Map<ProviderKind, string>();
  for (const kind of kinds) {
    const change = input.changes[kind] as ProviderKindUpdate;
    if (change.baseUrl) checkedUrls.set(kind, await checkBaseUrl(kind, change.baseUrl));
    if (change.apiKey && change.clearApiKey) throw invalidField(`${kind}.apiKey`, 'Give a new key or clear it, not both');
    if (change.apiKey && !env.PROVIDER_KEY_SECRET) {
      throw new AppError('INVALID_STATE', 'Keys cannot be stored: the operator has not set PROVIDER_KEY_SECRET');
    }
    if (!hasVoice(kind) && change.voice) throw invalidField(`${kind}.voice`, 'Only text to speech and real-time providers have a voice');
  }
  await db.transaction(async (tx) => {
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId)).for('update');
    if (!org) throw notFound('Organization');
    const rows = await tx.select().from(organizationProviders).where(eq(organizationProviders.orgId, input.orgId));
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    const changed: Record<string, Record<string, unknown>> = {};
    for (const kind of kinds) {
      const change = input.changes[kind] as ProviderKindUpdate;
      const before: ProviderRow | undefined = byKind.get(kind);
      const next = {
        baseUrl: change.baseUrl === undefined ? (before?.baseUrl ?? null) : (checkedUrls.get(kind) ?? null),
        model: change.model === undefined ? (before?.model ?? null) : change.model,
        voice: !hasVoice(kind) ? null : change.voice === undefined ? (before?.voice ?? null) : change.voice,
        apiKeyEncrypted: before?.apiKeyEncrypted ?? null,
        apiKeyLast4: before?.apiKeyLast4 ?? null,
      };
      let key: KeyChange = 'unchanged';
      if (change.apiKey) {
        next.apiKeyEncrypted = encryptSecret(change.apiKey, env.PROVIDER_KEY_SECRET as string, keyContext(input.orgId, kind));
        next.apiKeyLast4 = change.apiKey.length >= LAST4_MIN_LENGTH ? change.apiKey.slice(-4) : null;
        key = 'set';
      } else if (change.clearApiKey && next.apiKeyEncrypted) {
        next.apiKeyEncrypted = null;
        next.apiKeyLast4 = null;
        key = 'cleared';
      }
      const entry: Record<string, unknown> = {};
      for (const field of ['baseUrl', 'model', 'voice'] as const) {
        const old = before?.[field] ?? null;
        if (old !== next[field]) entry[field] = { from: old, to: next[field] };
      }
      if (key !== 'unchanged') entry.apiKey = key;
      if (Object.keys(entry).length === 0) continue;
      changed[kind] = entry;
      const empty = !next.baseUrl && !next.model && !next.voice && !next.apiKeyEncrypted;
      if (empty) {
        await tx.delete(organizationProviders).where(and(eq(organizationProviders.orgId, input.orgId), eq(organizationProviders.kind, kind)));
      } else {
        await tx
          .insert(organizationProviders)
          .values({ orgId: input.orgId, kind, ...next, updatedAt: new Date() })
          .onConflictDoUpdate({ target: [organizationProviders.orgId, organizationProviders.kind], set: { ...next, updatedAt: new Date() } });
      }
    }
    if (Object.keys(changed).length === 0) return;
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'settings.updated',
      targetType: 'organization',
      targetId: input.orgId,
      details: { setting: 'aiProviders', ...changed },
    });
  });
  return getProviderSettings(db, { orgId: input.orgId });
}
