import type { QuestionSetTemplate } from './template-types';
import { TEMPLATES_EN } from './templates-en';
import { TEMPLATES_FR } from './templates-fr';

export type { QuestionSetTemplate } from './template-types';

/** The library of ready question sets: a handful of common roles, in English and French. Works with no model. */
export const QUESTION_SET_TEMPLATES: readonly QuestionSetTemplate[] = [...TEMPLATES_EN, ...TEMPLATES_FR];

export function listQuestionSetTemplates(locale?: string): QuestionSetTemplate[] {
  return QUESTION_SET_TEMPLATES.filter((t) => !locale || t.locale === locale);
}
