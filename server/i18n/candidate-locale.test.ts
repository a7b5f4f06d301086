import { describe, expect, it } from 'vitest';
import { estimateInterviewMinutes, formatCandidateDateTime, languagesFromAcceptLanguage, resolveCandidateLocale } from './candidate-locale';

describe('resolveCandidateLocale', () => {
  it.each([
    ['fr', 'fr', 'fr'],
    ['fr-CA', 'fr', 'fr-CA'],
    ['en', 'en', 'en'],
    ['en-GB', 'en', 'en-GB'],
    ['EN-us', 'en', 'en-US'],
    ['de-DE', 'de', 'de-DE'],
    ['de-AT', 'de', 'de-AT'],
    ['es-MX', 'es', 'es-MX'],
    ['it', 'it', 'it'],
    ['nl-BE', 'nl', 'nl-BE'],
    ['pt-BR', 'pt', 'pt-BR'],
    ['ja-JP', 'fr', 'fr'],
    ['not a tag!', 'fr', 'fr'],
    ['', 'fr', 'fr'],
    [null, 'fr', 'fr'],
  ])('%s → copy in %s, dates as %s', (tag, language, intlLocale) => {
    expect(resolveCandidateLocale(tag)).toEqual({ language, intlLocale });
  });
});

describe('languagesFromAcceptLanguage', () => {
  it.each([
    ['de-CH, de;q=0.9, en;q=0.8', ['de', 'en']],
    ['en;q=0.5, nl;q=0.9', ['nl', 'en']],
    ['ja, pt-BR;q=0.7, *;q=0.1', ['pt']],
    ['fr;q=0, es', ['es']],
    ['it;q=0.8, es;q=0.8', ['it', 'es']],
    ['EN-gb', ['en']],
    ['garbage;;q=x', []],
    ['', []],
    [null, []],
  ])('%s → %j', (header, languages) => {
    expect(languagesFromAcceptLanguage(header)).toEqual(languages);
  });
});

describe('formatCandidateDateTime', () => {
  const summer = new Date('2026-07-01T15:30:00Z');
  it('uses the candidate conventions, the configured zone and names the zone', () => {
    expect(formatCandidateDateTime(summer, resolveCandidateLocale('fr'), 'Europe/Paris')).toBe('mercredi 1 juillet 2026 à 17:30 (UTC+2)');
    expect(formatCandidateDateTime(summer, resolveCandidateLocale('fr-CA'), 'Europe/Paris')).toBe('mercredi 1 juillet 2026 à 17 h 30 (UTC+2)');
    // ICU versions differ on the comma after a British weekday.
    expect(formatCandidateDateTime(summer, resolveCandidateLocale('en-GB'), 'Europe/Paris')).toMatch(/^Wednesday,? 1 July 2026 at 17:30 \(CEST\)$/);
    expect(formatCandidateDateTime(summer, resolveCandidateLocale('en'), 'UTC')).toBe('Wednesday, July 1, 2026 at 3:30 PM (UTC)');
  });
});

describe('estimateInterviewMinutes', () => {
  it('is about three minutes a question plus the opening, in steps of five, or unknown', () => {
    expect(estimateInterviewMinutes(null)).toBeNull();
    expect(estimateInterviewMinutes(0)).toBeNull();
    expect(estimateInterviewMinutes(1)).toBe(5);
    expect(estimateInterviewMinutes(2)).toBe(10);
    expect(estimateInterviewMinutes(5)).toBe(20);
    expect(estimateInterviewMinutes(10)).toBe(35);
  });
});
