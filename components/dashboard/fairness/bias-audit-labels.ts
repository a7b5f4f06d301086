/**
 * The words the dashboard shows for the bias audit's categories (CONTRACT §14 codes): the ones candidates answered in
 * English. The server page reads them from the candidates' copy (bias-audit-category-labels.ts) and passes them down,
 * so the browser does not load every language's messages.
 */
export type CategoryLabels = { sex: Record<string, string>; race: Record<string, string> };

export function categoryLabel(category: string, labels: CategoryLabels): string {
  const [sex, race] = category.split('/');
  if (race !== undefined) return `${labels.sex[sex] ?? sex} · ${labels.race[race] ?? race}`;
  return labels.sex[category] ?? labels.race[category] ?? category;
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
