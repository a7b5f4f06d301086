import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { notificationPreferences, notifications, users, type NotificationKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { formatDateTimeInZone } from '@/server/i18n/format-date';
import { log } from '@/server/log';
import { escapeHtml, safeHref } from '../email/html';
import { sendEmail } from '../email/send-email';
import { describeNotifications } from './list-notifications';
import { DEFAULT_EMAIL_DELIVERY, DIGEST_HOUR_UTC } from './notification-schemas';


const settingsLink = () => `${getEnv().APP_URL}/settings/notifications`;

/**
 * The email of one notification whose kind its user wants at once (the notification-email job). Nothing if the
 * notification is gone (its note deleted, its candidate erased) or already read. At most once: the email's
 * idempotency key is the notification's id.
 */
export async function sendNotificationEmail(db: DbExecutor, input: { notificationId: string }): Promise<'sent' | 'skipped'> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, input.notificationId));
  if (!row || row.readAt) return 'skipped';
  const [user] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, row.userId), eq(users.orgId, row.orgId)));
  if (!user) return 'skipped';
  const [item] = await describeNotifications(db, row.orgId, [row], { withNames: false });
  const link = `${getEnv().APP_URL}${item.href}`;
  await sendEmail(db, {
    orgId: row.orgId,
    // The ledger links it to the interview, so a candidate's erasure also clears the local mailbox's copy.
    interviewId: row.interviewId,
    kind: 'notification',
    locale: 'en',
    to: user.email,
    subject: item.title,
    text: `${item.title}.\n\nOpen it: ${link}\n\nChoose which notifications you get by email: ${settingsLink()}\n`,
    html: `<p>${escapeHtml(item.title)}.</p><p><a href="${safeHref(link)}">Open it in the dashboard</a></p><p style="color:#64748b;font-size:12px"><a href="${safeHref(settingsLink())}">Choose which notifications you get by email</a></p>`,
    idempotencyKey: `notification:${row.id}`,
  });
  return 'sent';
}

/** The digest period that ends at the last DIGEST_HOUR_UTC at or before `now`: [end − 24 h, end). */
export function digestPeriod(now: Date): { start: Date; end: Date; day: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (end.getTime() > now.getTime()) end.setUTCDate(end.getUTCDate() - 1);
  return { start: new Date(end.getTime() - 24 * 3600_000), end, day: end.toISOString().slice(0, 10) };
}

/**
 * The daily digest (the notification-digest cron job): one email per user listing their notifications of the
 * period that are still unread and of kinds they get in the digest. Idempotent across processes and restarts:
 * each email's key is (user, day), so a second run, or two at once, send nothing more. One user's failure does not
 * stop the others; it is logged and the job fails, so pg-boss retries it (and the sent ones are skipped).
 */
export async function sendNotificationDigests(db: DbExecutor, input: { now?: Date } = {}): Promise<{ sent: number; users: number }> {
  const period = digestPeriod(input.now ?? new Date());
  // Across organizations on purpose: the schedule is the operator's; each email is one user's own list.
  const unread = await db
    .select()
    .from(notifications)
    .where(and(isNull(notifications.readAt), gte(notifications.createdAt, period.start), lt(notifications.createdAt, period.end)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  if (unread.length === 0) return { sent: 0, users: 0 };
  const userIds = [...new Set(unread.map((n) => n.userId))];
  const [prefs, people] = await Promise.all([
    db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
    db.select({ id: users.id, orgId: users.orgId, email: users.email }).from(users).where(inArray(users.id, userIds)),
  ]);
  const choice = new Map(prefs.map((p) => [`${p.userId}:${p.kind}`, p.email]));
  const wantsDigest = (userId: string, kind: NotificationKind) => (choice.get(`${userId}:${kind}`) ?? DEFAULT_EMAIL_DELIVERY[kind]) === 'digest';
  let sent = 0;
  let failed: unknown = null;
  for (const person of people) {
    const rows = unread.filter((n) => n.userId === person.id && n.orgId === person.orgId && wantsDigest(person.id, n.kind));
    if (rows.length === 0) continue;
    try {
      const items = await describeNotifications(db, person.orgId, rows, { withNames: false });
      const base = getEnv().APP_URL;
      const subject = `Your daily summary: ${items.length} unread ${items.length === 1 ? 'notification' : 'notifications'}`;
      // The period's end in the organization's zone, named, as every email gives times (docs/DECISIONS.md, "One time zone rule").
      const until = `in the 24 hours to ${formatDateTimeInZone(period.end, 'en-GB', getEnv().DISPLAY_TIME_ZONE)}`;
      const text = `${subject} ${until}.\n\n${items.map((i) => `- ${i.title}: ${base}${i.href}`).join('\n')}\n\nChoose which notifications you get by email: ${settingsLink()}\n`;
      const html = `<p>${escapeHtml(`${subject} ${until}`)}.</p><ul>${items.map((i) => `<li><a href="${safeHref(`${base}${i.href}`)}">${escapeHtml(i.title)}</a></li>`).join('')}</ul><p style="color:#64748b;font-size:12px"><a href="${safeHref(settingsLink())}">Choose which notifications you get by email</a></p>`;
      const outcome = await sendEmail(db, {
        orgId: person.orgId,
        interviewId: null,
        kind: 'notification-digest',
        locale: 'en',
        to: person.email,
        subject,
        text,
        html,
        idempotencyKey: `notification-digest:${person.id}:${period.day}`,
      });
      if (outcome.outcome === 'sent') sent += 1;
    } catch (error) {
      log.error({ err: error, userId: person.id }, 'could not send a notification digest');
      failed = error;
    }
  }
  if (failed) throw failed;
  return { sent, users: people.length };
}
