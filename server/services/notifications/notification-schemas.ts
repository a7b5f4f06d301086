import { z } from 'zod';
import type { EmailDelivery, NotificationKind, WatchTargetType } from '@/db/schema';
import { nullableTimestampOut, timestampOut } from '../fields';

// Listed here rather than imported, so the dashboard uses these schemas without the database schema; the
// `satisfies` lines fail to compile if one names a value the database schema does not know.
const NOTIFICATION_KINDS = ['interview.completed', 'report.ready', 'report.failed', 'interview.expired', 'mention', 'webhook.disabled'] as const satisfies readonly NotificationKind[];
/** The kinds a user chooses email for; a disabled webhook endpoint is always emailed to the organization (webhooks/). */
export const EMAIL_CHOICE_KINDS = ['interview.completed', 'report.ready', 'report.failed', 'interview.expired', 'mention'] as const satisfies readonly NotificationKind[];
export type EmailChoiceKind = (typeof EMAIL_CHOICE_KINDS)[number];
const EMAIL_DELIVERIES = ['off', 'immediately', 'digest'] as const satisfies readonly EmailDelivery[];
const WATCH_TARGET_TYPES = ['interview', 'campaign'] as const satisfies readonly WatchTargetType[];

/** The daily digest goes out at this hour, UTC, and lists the 24 hours before it (here so the dashboard can say when, in the viewer's zone). */
export const DIGEST_HOUR_UTC = 7;

/**
 * What a user gets by email when they set nothing: a mention is addressed to them, so it comes at once; what
 * happens to the interviews they watch comes in the daily digest.
 */
export const DEFAULT_EMAIL_DELIVERY: Record<NotificationKind, EmailDelivery> = {
  mention: 'immediately',
  'interview.completed': 'digest',
  'report.ready': 'digest',
  'report.failed': 'digest',
  'interview.expired': 'digest',
  // Emailed to every user of the organization by the webhook delivery itself: no second email from here.
  'webhook.disabled': 'off',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mention: 'You were mentioned in a note',
  'interview.completed': 'An interview you watch was completed',
  'report.ready': 'A report is ready',
  'report.failed': 'A report could not be generated',
  'interview.expired': 'An invitation expired unanswered',
  'webhook.disabled': 'A webhook endpoint was disabled',
};

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** One line, built when read from the records it points to (names as they are today). */
  title: z.string(),
  /** The dashboard page it is about. */
  href: z.string(),
  createdAt: timestampOut(),
  readAt: nullableTimestampOut(),
});
export type NotificationDto = z.infer<typeof NotificationSchema>;

export const ListNotificationsInputSchema = z.strictObject({ limit: z.number().int().min(1).max(100).default(30) }).default({ limit: 30 });
export const ListNotificationsOutputSchema = z.object({ items: z.array(NotificationSchema), unread: z.number().int() });

export const MarkNotificationsReadInputSchema = z.union([
  z.strictObject({ ids: z.array(z.string().max(100)).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const NotificationPreferencesSchema = z.array(z.object({ kind: z.enum(EMAIL_CHOICE_KINDS), email: z.enum(EMAIL_DELIVERIES) }));
export const SetNotificationPreferenceInputSchema = z.strictObject({ kind: z.enum(EMAIL_CHOICE_KINDS), email: z.enum(EMAIL_DELIVERIES) });

export const WatchTargetInputSchema = z.strictObject({ targetType: z.enum(WATCH_TARGET_TYPES), targetId: z.string().min(1).max(100) });
export const SetWatchingInputSchema = WatchTargetInputSchema.extend({ watching: z.boolean() });
export const WatchStateSchema = z.object({ watching: z.boolean() });

export type NotificationStreamEvent = { unread: number; latestAt: string | null };
