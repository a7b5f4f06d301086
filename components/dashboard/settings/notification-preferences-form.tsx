'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';
import { useIsClient } from '@/components/ui/use-is-client';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';

type Preferences = RouterOutputs['notifications']['preferences'];
type Kind = Preferences[number]['kind'];
type Delivery = Preferences[number]['email'];

const CHOICES: { value: Delivery; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'immediately', label: 'Immediately' },
  { value: 'digest', label: 'Daily digest' },
];

const setPreference = (api: Api, input: { kind: Kind; email: Delivery }) => api.notifications.setPreference.mutate(input);

/** The radios, one group per kind: the choice shows at once (a radio follows the click); a refused save puts the stored choices back. */
export function NotificationPreferencesForm({ initial, labels }: { initial: Preferences; labels: Record<string, string> }) {
  const [preferences, setPreferences] = useState(initial);
  const save = useApiAction(setPreference, {
    onSuccess: (data) => {
      setPreferences(data);
      toast.success('Notification preference saved');
    },
    onError: (error) => toast.error(`Not saved: ${error.message}`),
  });
  const choose = async (kind: Kind, email: Delivery) => {
    const previous = preferences;
    setPreferences((current) => current.map((p) => (p.kind === kind ? { ...p, email } : p)));
    if ((await save.run({ kind, email })) === undefined) setPreferences(previous);
  };
  return (
    <Form className="grid divide-y divide-slate-100" aria-label="Email preferences" onSubmit={(e) => e.preventDefault()}>
      {preferences.map((pref) => (
        <fieldset key={pref.kind} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-kind={pref.kind}>
          <legend className="float-left text-sm font-medium text-slate-900">{labels[pref.kind]}</legend>
          <div className="flex flex-wrap gap-3 sm:col-start-2">
            {CHOICES.map((choice) => (
              <label key={choice.value} className="flex items-center gap-1.5 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`email-${pref.kind}`}
                  value={choice.value}
                  checked={pref.email === choice.value}
                  onChange={() => void choose(pref.kind, choice.value)}
                  className="size-4 accent-brand-600"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </Form>
  );
}

/**
 * When the digest goes out, in the viewer's zone and named ("08:00 CET"), as every dashboard time is. The server does
 * not know that zone: it renders the UTC hour (named) and the browser replaces it once hydrated.
 */
export function DigestTime({ hourUtc }: { hourUtc: number }) {
  const isClient = useIsClient();
  const today = new Date();
  const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hourUtc));
  const text = isClient
    ? new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(at)
    : `${String(hourUtc).padStart(2, '0')}:00 UTC`;
  return <span data-testid="digest-time">{text}</span>;
}
