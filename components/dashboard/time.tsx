'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
/** False while rendering on the server and hydrating, true afterwards: server HTML and first client render agree. */
function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function formatLocal(date: Date, withTime: boolean): string {
  return new Intl.DateTimeFormat(undefined, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

function relative(date: Date): string {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return formatLocal(date, false);
}

/** A timestamp in the reader's time zone (UTC until hydrated), with the exact instant in `dateTime` and the tooltip. */
export function Time({ value, relative: asRelative = false, withTime = true, className }: { value: string | null | undefined; relative?: boolean; withTime?: boolean; className?: string }) {
  const isClient = useIsClient();
  if (!value) return <span className={className}>—</span>;
  const date = new Date(value);
  const text = !isClient ? `${UTC_FORMAT.format(date)} UTC` : asRelative ? relative(date) : formatLocal(date, withTime);
  return (
    <time dateTime={value} title={isClient ? date.toLocaleString() : value} className={className}>
      {text}
    </time>
  );
}
