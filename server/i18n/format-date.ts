/**
 * A date and time the candidate cannot misread: their conventions, a named time zone, and the zone's short name
 * (`mercredi 1 juillet 2026 à 17:30 (UTC+2)`). Pure: the page formats it again in the browser's own zone.
 */
export function formatDateTimeInZone(date: Date, intlLocale: string, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
  const part = new Intl.DateTimeFormat(intlLocale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName');
  return `${formatted} (${part?.value ?? timeZone})`;
}

/** The browser's IANA time zone, or null when it cannot say (then the organization's zone stays). */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone !== 'Etc/Unknown' ? zone : null;
  } catch {
    return null;
  }
}
