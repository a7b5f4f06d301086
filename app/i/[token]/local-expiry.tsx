'use client';

import { useEffect, useState } from 'react';
import { browserTimeZone, formatDateTimeInZone } from '@/server/i18n/format-date';
import type { CandidateLanguage } from '@/server/i18n/languages';
import { candidatePageCopy } from './candidate-page-copy';

/**
 * The link's expiry in the candidate's own time zone (issue 25): rendered first in the organization's zone (the
 * server cannot know the browser's), then, once in the browser, in the browser's zone, and the page says which.
 */
export function LocalExpiry({ language, intlLocale, expiresAt, serverTimeZone }: { language: CandidateLanguage; intlLocale: string; expiresAt: string; serverTimeZone: string }) {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(browserTimeZone()), []);
  const copy = candidatePageCopy(language);
  const date = formatDateTimeInZone(new Date(expiresAt), intlLocale, zone ?? serverTimeZone);
  return (
    <>
      <p className="cp-expiry" data-testid="expiry" data-time-zone={zone ?? serverTimeZone}>
        {copy.expiry(date)}
      </p>
      {zone ? (
        <p className="cp-expiry" data-testid="time-zone">
          {copy.timeZone(zone.replaceAll('_', ' '))}
        </p>
      ) : null}
    </>
  );
}
