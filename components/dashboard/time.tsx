'use client';

import { useIsClient } from '@/components/ui/use-is-client';
import { viewerTimeZone, zoneAbbreviation } from './format';

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A time of day always says its zone ("14:05 CET"): a recruiter in another zone must not misread it. */
const WITH_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

function formatLocal(date: Date, withTime: boolean): string {
  return new Intl.DateTimeFormat(undefined, withTime ? WITH_TIME : { dateStyle: 'medium' }).format(date);
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

/**
 * A timestamp in the viewer's time zone (the browser's), naming the zone when it shows a time of day. The time
 * zone rule (docs/DECISIONS.md, "One time zone rule"): each person sees times in their own zone, named. The
 * server does not know the browser's zone, so it renders UTC (named) and the browser replaces it once hydrated;
 * both renders agree during hydration (useIsClient), so there is no mismatch.
 */
export function Time({ value, relative: asRelative = false, withTime = true, className }: { value: string | null | undefined; relative?: boolean; withTime?: boolean; className?: string }) {
  const isClient = useIsClient();
  if (!value) return <span className={className}>—</span>;
  const date = new Date(value);
  const text = !isClient ? `${UTC_FORMAT.format(date)} UTC` : asRelative ? relative(date) : formatLocal(date, withTime);
  return (
    <time dateTime={value} title={isClient ? date.toLocaleString(undefined, { timeZoneName: 'short' }) : value} className={className}>
      {text}
    </time>
  );
}

/** "Times are in Europe/Paris (CET)": the viewer's zone, said once (the page footer, Settings → General). */
export function TimeZoneNote({ prefix = 'Times are in your time zone:', className }: { prefix?: string; className?: string }) {
  const isClient = useIsClient();
  if (!isClient) return <span className={className}>{prefix} …</span>;
  const zone = viewerTimeZone();
  const abbreviation = zoneAbbreviation(new Date(), zone);
  return (
    <span className={className} data-testid="viewer-time-zone">
      {prefix} {zone}
      {abbreviation && abbreviation !== zone ? ` (${abbreviation})` : ''}
    </span>
  );
}
