import { createHash } from 'node:crypto';
import type { DbExecutor } from '@/db/client';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';

export type DeliveryJob = {
  eventId: string;
  endpointId: string;
  /** 1 for the first try of a series; each retry adds one. */
  attempt: number;
  /** When this series began (ISO): retries stop once WEBHOOK_RETRY_WINDOW_SECONDS have passed since. */
  seriesStartedAt?: string;
  /** A replay starts a series of its own (its job ids must differ from the first series'). */
  series?: string;
  /** How many times this attempt was put back because its endpoint already had its share of requests in flight. */
  deferrals?: number;
};

/**
 * Queues one attempt. The job id is derived from (event, endpoint, series, attempt), so a handler that runs twice
 * and schedules the same next attempt twice queues it once (pg-boss inserts with ON CONFLICT DO NOTHING).
 */
export async function enqueueDelivery(executor: DbExecutor, job: DeliveryJob, startAfter?: Date): Promise<void> {
  await enqueueJob(executor, QUEUES.webhookDelivery, job, {
    id: deliveryJobId(job),
    // A delivery takes at most its 10 s timeout; a job held longer than this by a dead process is tried again.
    expireInSeconds: 120,
    ...(startAfter ? { startAfter } : {}),
  });
}

function deliveryJobId(job: DeliveryJob): string {
  const hex = createHash('sha256').update(`${job.eventId}\n${job.endpointId}\n${job.series ?? ''}\n${job.attempt}\n${job.deferrals ?? 0}`).digest('hex');
  // A version-4-shaped UUID (pg-boss's id column is a uuid).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
