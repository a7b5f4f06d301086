import type { ConfigCriterion, ConfigQuestion } from '@/db/schema';

/** A ready question set for a common role, in one language: a starting point the recruiter edits before saving. */
export type QuestionSetTemplate = {
  id: string;
  role: string;
  locale: 'en' | 'fr';
  name: string;
  description: string;
  criteria: (ConfigCriterion & { anchors: { low: string; mid: string; high: string } })[];
  questions: (ConfigQuestion & { criterion: string })[];
};

type C = [key: string, label: string, weight: number, low: string, mid: string, high: string];
type Q = [criterion: string, text: string];

/** Compact rows to a template: questions numbered q1, q2… in order. */
export function template(id: string, role: string, locale: 'en' | 'fr', name: string, description: string, criteria: C[], questions: Q[]): QuestionSetTemplate {
  return {
    id,
    role,
    locale,
    name,
    description,
    criteria: criteria.map(([key, label, weight, low, mid, high]) => ({ key, label, weight, anchors: { low, mid, high } })),
    questions: questions.map(([criterion, text], i) => ({ id: `q${i + 1}`, text, criterion })),
  };
}
