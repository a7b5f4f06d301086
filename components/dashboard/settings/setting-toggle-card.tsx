'use client';

import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/**
 * One organization setting that is on or off, saved as soon as its box is ticked or cleared: the title and why,
 * the box, what the current choice means (a status), the refusal if the server refused, and any extra (a link).
 * The card that uses it owns the mutation (optimistic box, put back on error).
 */
export function SettingToggleCard({
  title,
  description,
  label,
  checked,
  pending,
  onChange,
  status,
  error,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  label: ReactNode;
  checked: boolean;
  pending: boolean;
  onChange: (checked: boolean) => void;
  status?: ReactNode;
  error?: string | null;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <label className="flex items-start gap-3 text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={checked} disabled={pending} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
          <span>{label}</span>
        </label>
        {status ? (
          <p role="status" className="text-slate-600">
            {status}
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
