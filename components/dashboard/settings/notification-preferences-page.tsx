import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { DIGEST_HOUR_UTC, NOTIFICATION_KIND_LABELS } from '@/server/services/notifications/notification-schemas';
import { PageHeader } from '../page-header';
import { DigestTime, NotificationPreferencesForm } from './notification-preferences-form';

type Preferences = RouterOutputs['notifications']['preferences'];

/**
 * The signed-in user's own choice, per kind, of email: none, one per notification, or the daily digest. Rendered on
 * the server (the kinds' labels and the digest hour come from the notification schemas, which the browser does not
 * load); the radios are the island.
 */
export function NotificationPreferencesPage({ initial }: { initial: Preferences }) {
  const labels = Object.fromEntries(initial.map((p) => [p.kind, NOTIFICATION_KIND_LABELS[p.kind]]));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        eyebrow={
          <Link href="/settings" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Settings
          </Link>
        }
        title="Notifications"
        description="Every notification appears under the bell. Choose which also reach you by email."
      />
      <Card>
        <CardHeader
          title="Email"
          description={
            <>
              The daily digest is sent every day at <DigestTime hourUtc={DIGEST_HOUR_UTC} /> and lists the unread notifications of the 24 hours before.
            </>
          }
        />
        <CardContent>
          <NotificationPreferencesForm initial={initial} labels={labels} />
        </CardContent>
      </Card>
    </div>
  );
}
