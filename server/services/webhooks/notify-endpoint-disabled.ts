import { and, eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { escapeHtml } from '../email/html';
import { sendEmail } from '../email/send-email';

/**
 * Tells the organization's admins (who alone manage webhooks) that an endpoint was disabled. Each email has its own idempotency key (endpoint, disabling, user), so a retried job
 * sends nothing twice; one user's failed email does not stop the others.
 */
export async function notifyEndpointDisabled(db: DbExecutor, input: { orgId: string; endpointId: string; url: string; reason: string; disabledAt: Date }) {
  const recipients = await db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.orgId, input.orgId), eq(users.role, 'admin')));
  const settings = `${getEnv().APP_URL}/settings/webhooks`;
  const subject = 'A webhook endpoint was disabled';
  const text = `Deliveries to your webhook endpoint ${input.url} (${input.endpointId}) kept failing, so it was disabled.\n\n${input.reason}\n\nFix the receiver, then enable the endpoint again and replay the failed events: ${settings}\n`;
  const html = `<p>Deliveries to your webhook endpoint <code>${escapeHtml(input.url)}</code> (${escapeHtml(input.endpointId)}) kept failing, so it was disabled.</p><p>${escapeHtml(input.reason)}</p><p>Fix the receiver, then <a href="${escapeHtml(settings)}">enable the endpoint again</a> and replay the failed events.</p>`;
  for (const user of recipients) {
    try {
      await sendEmail(db, {
        orgId: input.orgId,
        interviewId: null,
        kind: 'webhook-disabled',
        locale: 'en',
        to: user.email,
        subject,
        html,
        text,
        idempotencyKey: `webhook-disabled:${input.endpointId}:${input.disabledAt.getTime()}:${user.id}`,
      });
    } catch (error) {
      log.error({ err: error, endpointId: input.endpointId, userId: user.id }, 'could not email a user about a disabled webhook endpoint');
    }
  }
}
