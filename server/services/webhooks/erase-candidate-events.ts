import { and, eq, inArray, like } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { isIdOf } from '@/server/ids';

/**
 * For the erasure of a candidate (CONTRACT §12): deletes the organization's stored webhook events whose body names
 * the candidate (its candidate.* events, and the interview, report and test events that carry its id and, for
 * reports, the transcript), with their delivery log. Deliveries still queued for them then find no event and send
 * nothing. Call it in the erasure's transaction, before emitting candidate.deleted (which carries only the id).
 */
export async function eraseCandidateWebhookEvents(tx: DbExecutor, input: { orgId: string; candidateId: string }): Promise<number> {
  // The id's shape is checked, so it holds no LIKE wildcard; ids are random, so a match is this candidate.
  if (!isIdOf('candidate', input.candidateId)) return 0;
  const events = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.orgId, input.orgId), like(webhookEvents.body, `%"${input.candidateId}"%`)));
  if (events.length === 0) return 0;
  const ids = events.map((e) => e.id);
  await tx.delete(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, input.orgId), inArray(webhookDeliveries.eventId, ids)));
  await tx.delete(webhookEvents).where(and(eq(webhookEvents.orgId, input.orgId), inArray(webhookEvents.id, ids)));
  return ids.length;
}
