'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { contractError } from '@/components/trpc/errors';
import { signInAgainIfUnauthorized } from '@/components/trpc/use-api-action';

/**
 * One organization setting that is on or off, saved as soon as its box is ticked or cleared: the title and why,
 * the box (showing the choice at once, put back if the server refuses it), what the current choice means (a
 * status), the refusal, and any extra (a link). `save` sends the choice (through the API client loaded on first use,
 * `loadApi`) and resolves to the value now stored; the page's server data is then read again (`router.refresh()`).
 */
export function SettingToggleCard({
  title,
  description,
  label,
  initial,
  save,
  status,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  label: ReactNode;
  initial: boolean;
  save: (checked: boolean) => Promise<boolean>;
  /** What the choice means; `saved` is true once a change was stored in this visit. */
  status: (checked: boolean, saved: boolean) => ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  const router = useRouter();
  const [checked, setChecked] = useState(initial);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (next: boolean) => {
    setChecked(next);
    setPending(true);
    setSaved(false);
    setError(null);
    try {
      setChecked(await save(next));
      setSaved(true);
      router.refresh();
    } catch (cause) {
      setChecked(!next);
      const failure = contractError(cause);
      setError(failure.message);
      signInAgainIfUnauthorized(failure);
    } finally {
      setPending(false);
    }
  };
  const shown = status(checked, saved);
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <label className="flex items-start gap-3 text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={checked} disabled={pending} onChange={(e) => void change(e.target.checked)} data-testid={testId} />
          <span>{label}</span>
        </label>
        {shown ? (
          <p role="status" className="text-slate-600">
            {shown}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-red-700">
            Not saved: {error}
          </p>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
