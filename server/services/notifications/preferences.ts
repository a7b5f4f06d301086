import { eq } from 'drizzle-orm';
import { notificationPreferences, type EmailDelivery } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { DEFAULT_EMAIL_DELIVERY, EMAIL_CHOICE_KINDS, type EmailChoiceKind } from './notification-schemas';

/** The user's email choice for every kind, the defaults filled in. */
export async function getNotificationPreferences(db: DbExecutor, input: { userId: string }): Promise<{ kind: EmailChoiceKind; email: EmailDelivery }[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, input.userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return EMAIL_CHOICE_KINDS.map((kind) => ({ kind, email: chosen.get(kind) ?? DEFAULT_EMAIL_DELIVERY[kind] }));
}

export async function setNotificationPreference(db: DbExecutor, input: { userId: string; kind: EmailChoiceKind; email: EmailDelivery }) {
  await db
    .insert(notificationPreferences)
    .values({ userId: input.userId, kind: input.kind, email: input.email })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: input.email, updatedAt: new Date() } });
  return getNotificationPreferences(db, input);
}
