import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { atsOrders } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError, toAppError } from '@/server/errors';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { isAtsCredentialActive, readAtsApiKey, touchAtsCredential, unsafeFindWebhookCredential } from '../ats-credentials';
import { recordAtsLogEntry } from '../ats-log';
import { fetchAtsJson } from '../fetch-ats-json';
import { placeAtsOrder } from '../place-ats-order';
import { findTestMappingByAtsStage } from '../test-mappings';
import { LEVER_STAGE_CHANGE, LeverOpportunitySchema, LeverWebhookSchema, leverCandidate, leverHeaders, leverNotesUrl, leverOpportunityUrl, verifyLeverWebhook } from './lever-protocol';

/** What a verified Candidate Stage Change into a mapped stage queues: the order is placed by the job. */
export type LeverStageChangeJob = { orgId: string; credentialId: string; opportunityId: string; toStageId: string };

export type LeverWebhookAnswer = { status: 200 | 400; orgId: string; body: { received: boolean; ignored?: string } };

/**
 * A webhook Lever POSTs to the integration's address (`…/lever/webhook/<credential id>`). Answered at once: the
 * signature is checked (constant time, `triggeredAt` within 5 minutes), events other than candidateStageChange and
 * stages mapped to no test are acknowledged and ignored, and a stage change to order is queued in the transaction
 * that logs it (a `lever-stage-change` job reads the opportunity and places the order). An unknown or revoked
 * integration, a missing or wrong signature, and a stale webhook throw UNAUTHORIZED (401).
 */
export async function receiveLeverWebhook(db: DbExecutor, input: { credentialId: string; body: unknown; now?: Date }): Promise<LeverWebhookAnswer> {
  const credential = await unsafeFindWebhookCredential(db, { ats: 'lever', id: input.credentialId });
  if (!credential) throw new AppError('UNAUTHORIZED', 'Unknown or revoked Lever integration');
  const { orgId } = credential;
  const log = (operation: string, responseStatus: number, error: string | null = null) =>
    recordAtsLogEntry(db, { orgId, ats: 'lever', direction: 'inbound', operation, responseStatus, error });

  const parsed = LeverWebhookSchema.safeParse(input.body);
  if (!parsed.success) {
    await log('webhook', 400, 'Not a Lever webhook (triggeredAt, event, signature, token expected)');
    throw new AppError('VALIDATION_ERROR', 'Not a Lever webhook: triggeredAt, event, signature and token are expected', {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  const webhook = parsed.data;
  const operation = `webhook.${webhook.event.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60)}`;
  if (!credential.signingSecret) {
    // Lever may test a new webhook before its signature token is pasted here: a call naming no opportunity does nothing.
    if (!webhook.data?.opportunityId) {
      await log(operation, 200, 'Not verified: no signature token given yet; nothing done');
      return { status: 200, orgId, body: { received: true, ignored: 'no signature token yet' } };
    }
    await log(operation, 401, 'No signature token has been given for this integration');
    throw new AppError('UNAUTHORIZED', 'No signature token has been given for this integration');
  }
  const verdict = verifyLeverWebhook(webhook, credential.signingSecret, input.now);
  if (!verdict.ok) {
    await log(operation, 401, verdict.reason);
    throw new AppError('UNAUTHORIZED', verdict.reason);
  }
  await touchAtsCredential(db, credential.id);

  const opportunityId = webhook.data?.opportunityId;
  const toStageId = webhook.data?.toStageId;
  if (webhook.event !== LEVER_STAGE_CHANGE || !opportunityId || !toStageId) {
    await log(operation, 200, null);
    return { status: 200, orgId, body: { received: true, ignored: webhook.event !== LEVER_STAGE_CHANGE ? 'event' : 'no opportunity' } };
  }
  const mapping = await findTestMappingByAtsStage(db, { orgId, ats: 'lever', atsStageId: toStageId });
  if (!mapping) {
    await log(operation, 200, `Ignored: stage ${toStageId.slice(0, 80)} orders no test`);
    return { status: 200, orgId, body: { received: true, ignored: 'stage' } };
  }
  const job: LeverStageChangeJob = { orgId, credentialId: credential.id, opportunityId, toStageId };
  await db.transaction(async (tx) => {
    // One job per delivery: Lever re-sending the same webhook (same token) queues nothing more.
    await enqueueJob(tx, QUEUES.leverStageChange, job, { id: jobId(`${credential.id}\n${opportunityId}\n${toStageId}\n${webhook.token}`) });
    await recordAtsLogEntry(tx, { orgId, ats: 'lever', direction: 'inbound', operation, responseStatus: 200 });
  });
  return { status: 200, orgId, body: { received: true } };
}

function jobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type LeverStageChangeOutcome = 'ordered' | 'exists' | 'skipped';

/**
 * The job of a stage change: the opportunity is read from Lever's API (the customer's key, the private-address
 * check) for the candidate's name and email, and the order placed as every ATS's is (placeAtsOrder: the candidate
 * by email, the mapped interview, our invitation), its write-back addressed to the opportunity's notes. Idempotent
 * per opportunity and test: an order already placed for them is not placed again (Lever's retries, a replayed job).
 * A failure another attempt may cure (Lever unreachable, 5xx, 429) throws, for the queue's retries; one it cannot
 * (no key, 4xx, no email) is logged and the job ends.
 */
export async function processLeverStageChange(db: DbExecutor, job: LeverStageChangeJob): Promise<LeverStageChangeOutcome> {
  const { orgId, credentialId, opportunityId, toStageId } = job;
  const log = (entry: { operation: string; direction?: 'inbound' | 'outbound'; responseStatus: number | null; durationMs?: number; error?: string | null; orderId?: string | null }) =>
    recordAtsLogEntry(db, { orgId, ats: 'lever', direction: entry.direction ?? 'outbound', ...entry });

  if (!(await isAtsCredentialActive(db, { orgId, id: credentialId }))) return 'skipped';
  const mapping = await findTestMappingByAtsStage(db, { orgId, ats: 'lever', atsStageId: toStageId });
  if (!mapping) return 'skipped';
  const [existing] = await db
    .select({ id: atsOrders.id })
    .from(atsOrders)
    .where(and(eq(atsOrders.orgId, orgId), eq(atsOrders.ats, 'lever'), eq(atsOrders.mappingId, mapping.id), eq(atsOrders.externalId, opportunityId), isNotNull(atsOrders.callbackUrl)))
    .limit(1);
  if (existing) return 'exists';

  const apiKey = await readAtsApiKey(db, { orgId, credentialId });
  if (!apiKey) {
    await log({ operation: 'opportunity.get', responseStatus: null, error: 'No Lever API key was given with this integration (or it cannot be read)' });
    return 'skipped';
  }
  const base = getEnv().LEVER_API_URL;
  const fetched = await fetchAtsJson(leverOpportunityUrl(base, opportunityId), leverHeaders(apiKey));
  if (!fetched.ok) {
    await log({ operation: 'opportunity.get', responseStatus: fetched.status, durationMs: fetched.durationMs, error: fetched.error });
    const permanent = fetched.status !== null && fetched.status >= 400 && fetched.status < 500 && fetched.status !== 408 && fetched.status !== 429;
    if (permanent || fetched.error.startsWith('Refused:')) return 'skipped';
    throw new Error(`Lever opportunity not read: ${fetched.error}`);
  }
  const opportunity = LeverOpportunitySchema.safeParse(fetched.json);
  const candidate = opportunity.success ? leverCandidate(opportunity.data) : null;
  if (!candidate) {
    await log({ operation: 'opportunity.get', responseStatus: fetched.status, durationMs: fetched.durationMs, error: opportunity.success ? 'The opportunity has no email to invite' : 'Not an opportunity (data.id, name, emails expected)' });
    return 'skipped';
  }
  await log({ operation: 'opportunity.get', responseStatus: fetched.status, durationMs: fetched.durationMs });
  try {
    const placed = await placeAtsOrder(db, {
      orgId,
      ats: 'lever',
      credentialId,
      testId: mapping.id,
      candidate,
      callback: { url: leverNotesUrl(base, opportunityId), credential: null },
      externalId: opportunityId,
    });
    await log({ operation: 'order.placed', direction: 'inbound', responseStatus: 200, orderId: placed.orderId });
    return placed.created ? 'ordered' : 'exists';
  } catch (error) {
    const appError = toAppError(error);
    if (appError.status >= 500) throw error;
    const message = appError.issues?.length ? appError.issues.map((i) => `${i.path}: ${i.message}`).join('; ') : appError.message;
    await log({ operation: 'order.placed', direction: 'inbound', responseStatus: appError.status, error: message });
    return 'skipped';
  }
}
