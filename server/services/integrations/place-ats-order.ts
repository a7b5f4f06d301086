import { and, eq } from 'drizzle-orm';
import { atsOrders, candidates, type AtsKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, invalidField, notFound } from '@/server/errors';
import { newId } from '@/server/ids';
import { systemAudit } from '../audit/audit-actor';
import { createCandidate } from '../candidates/create-candidate';
import { CreateCandidateInputSchema } from '../candidates/candidate-schemas';
import { inviteCandidateToCampaign } from '../interviews/invite-candidate-to-campaign';
import { checkWebhookUrlSyntax, WebhookUrlError } from '../webhooks/check-webhook-url';
import { sealCallbackCredential } from './callback-credential';
import { ATS_LABELS } from './integration-schemas';
import { queueCompleted } from './queue-ats-writebacks';
import { getTestMapping } from './test-mappings';

export type AtsOrderInput = {
  orgId: string;
  ats: AtsKind;
  credentialId: string;
  testId: string;
  candidate: { email: string; firstName?: string | null; lastName?: string | null };
  /** Where the ATS wants to hear about the result (Greenhouse's `url`), and the credential it expects there. */
  callback?: { url: string; credential: string | null } | null;
  externalId?: string | null;
};

export type PlacedAtsOrder = { orderId: string; interviewId: string; candidateId: string; created: boolean };

/**
 * An ATS's order becomes an ordinary interview: the candidate is found by email in the organization or created
 * (source: the ATS), the interview is created in the mapped campaign with the mapped stage and configuration and
 * our invitation goes out, exactly as a recruiter's invitation would (inviteCandidateToCampaign). A candidate who
 * already has an open interview in that campaign keeps it: the order is attached to it instead of a second one,
 * and an order repeated for the same interview answers with the first order.
 */
export async function placeAtsOrder(db: DbExecutor, input: AtsOrderInput): Promise<PlacedAtsOrder> {
  const mapping = await getTestMapping(db, { orgId: input.orgId, ats: input.ats, id: input.testId });
  if (!mapping) throw notFound('Test');
  if (input.callback) {
    try {
      checkWebhookUrlSyntax(input.callback.url);
    } catch (error) {
      if (error instanceof WebhookUrlError) throw invalidField('url', error.message);
      throw error;
    }
  }
  const candidateId = await findOrCreateCandidate(db, input);
  const audit = systemAudit('service');
  return db.transaction(async (tx) => {
    const invited = await inviteCandidateToCampaign(tx, {
      orgId: input.orgId,
      candidateId,
      campaignId: mapping.campaignId,
      jobId: mapping.jobId,
      stageId: mapping.stageId ?? undefined,
      configId: mapping.configId ?? undefined,
      audit,
    });
    const [existing] = await tx.select({ id: atsOrders.id }).from(atsOrders).where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.interviewId, invited.interviewId)));
    if (existing) return { orderId: existing.id, interviewId: invited.interviewId, candidateId, created: false };
    const orderId = newId('atsOrder');
    await tx.insert(atsOrders).values({
      id: orderId,
      orgId: input.orgId,
      ats: input.ats,
      credentialId: input.credentialId,
      mappingId: mapping.id,
      interviewId: invited.interviewId,
      candidateId,
      callbackUrl: input.callback?.url ?? null,
      callbackAuth: input.callback?.credential ? sealCallbackCredential(input.callback.credential, input.orgId, orderId) : null,
      externalId: input.externalId ?? null,
    });
    if (invited.outcome === 'exists') await queueCompleted(tx, input.orgId, invited.interviewId);
    return { orderId, interviewId: invited.interviewId, candidateId, created: invited.outcome === 'created' };
  });
}

/** By email within the organization; a new candidate records the ATS as its source. */
async function findOrCreateCandidate(db: DbExecutor, input: AtsOrderInput): Promise<string> {
  const parsed = CreateCandidateInputSchema.safeParse({
    email: input.candidate.email,
    ...(input.candidate.firstName ? { firstName: input.candidate.firstName } : {}),
    ...(input.candidate.lastName ? { lastName: input.candidate.lastName } : {}),
    source: ATS_LABELS[input.ats],
  });
  if (!parsed.success) throw parsed.error;
  const [found] = await db.select({ id: candidates.id }).from(candidates).where(and(eq(candidates.orgId, input.orgId), eq(candidates.email, parsed.data.email)));
  if (found) return found.id;
  try {
    return (await createCandidate(db, { orgId: input.orgId, audit: systemAudit('service'), ...parsed.data })).id;
  } catch (error) {
    // Created by someone else a moment ago: theirs is the one.
    if (error instanceof AppError && error.appCode === 'CONFLICT' && error.existingId) return error.existingId;
    throw error;
  }
}
