'use client';

import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DIGEST_HOUR_UTC, NOTIFICATION_KIND_LABELS } from '@/server/services/notifications/notification-schemas';
import { useIsClient } from '@/components/ui/use-is-client';
import { PageHeader } from '../page-header';

type Preferences = RouterOutputs['notifications']['preferences'];
type Delivery = Preferences[number]['email'];

const CHOICES: { value: Delivery; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'immediately', label: 'Immediately' },
  { value: 'digest', label: 'Daily digest' },
];

/** The signed-in user's own choice, per kind, of email: none, one per notification, or the daily digest. */
export function NotificationPreferencesPage({ initial }: { initial: Preferences }) {
  // The choice shows at once (a radio follows the click); a refused save puts the stored choices back.
  const [preferences, setPreferences] = useState(initial);
  const save = trpc.notifications.setPreference.useMutation({
    onMutate: (input) => {
      const previous = preferences;
      setPreferences((current) => current.map((p) => (p.kind === input.kind ? { ...p, email: input.email } : p)));
      return { previous };
    },
    onSuccess: (data) => {
      setPreferences(data);
      toast.success('Notification preference saved');
    },
    onError: (error, _input, context) => {
      if (context) setPreferences(context.previous);
      toast.error(`Not saved: ${contractError(error).message}`);
    },
  });
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
        <CardHeader title="Email" description={<>The daily digest is sent every day at <DigestTime /> and lists the unread notifications of the 24 hours before.</>} />
        <CardContent>
          <Form className="grid divide-y divide-slate-100" aria-label="Email preferences" onSubmit={(e) => e.preventDefault()}>
            {preferences.map((pref) => (
              <fieldset key={pref.kind} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-kind={pref.kind}>
                <legend className="float-left text-sm font-medium text-slate-900">{NOTIFICATION_KIND_LABELS[pref.kind]}</legend>
                <div className="flex flex-wrap gap-3 sm:col-start-2">
                  {CHOICES.map((choice) => (
                    <label key={choice.value} className="flex items-center gap-1.5 text-sm text-slate-800">
                      <input
                        type="radio"
                        name={`email-${pref.kind}`}
                        value={choice.value}
                        checked={pref.email === choice.value}
                        onChange={() => save.mutate({ kind: pref.kind, email: choice.value })}
                        className="size-4 accent-brand-600"
                      />
                      {choice.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * When the digest goes out, in the viewer's zone and named ("08:00 CET"), as every dashboard time is. The server does
 * not know that zone: it renders the UTC hour (named) and the browser replaces it once hydrated.
 */
function DigestTime() {
  const isClient = useIsClient();
  const today = new Date();
  const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), DIGEST_HOUR_UTC));
  const text = isClient
    ? new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(at)
    : `${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC`;
  return <span data-testid="digest-time">{text}</span>;
}
