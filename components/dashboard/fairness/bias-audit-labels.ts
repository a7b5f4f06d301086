import { SELF_IDENTIFICATION_COPY } from '@/components/candidate/self-identification-copy';

/** The words the dashboard shows for the bias audit's categories (CONTRACT §14 codes): the ones candidates answered in English. */
const SEX_LABELS: Record<string, string> = SELF_IDENTIFICATION_COPY.en.sex;
const RACE_LABELS: Record<string, string> = SELF_IDENTIFICATION_COPY.en.race;

export function categoryLabel(category: string): string {
  const [sex, race] = category.split('/');
  if (race !== undefined) return `${SEX_LABELS[sex] ?? sex} · ${RACE_LABELS[race] ?? race}`;
  return SEX_LABELS[category] ?? RACE_LABELS[category] ?? category;
}

export const DIMENSIONS = [
  { key: 'sex', title: 'Sex' },
  { key: 'raceEthnicity', title: 'Race/ethnicity' },
  { key: 'intersectional', title: 'Intersectional (sex · race/ethnicity)' },
] as const;

/** The four-fifths rule of thumb: an impact ratio under it deserves a closer look. */
export const FOUR_FIFTHS = 0.8;

export function formatRate(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)} %`;
}

export function formatRatio(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

export function formatP(value: number | null): string {
  if (value === null) return '—';
  return value < 0.001 ? '< 0.001' : value.toFixed(3);
}
