import { describe, expect, it } from 'vitest';
import { ConfigCriteriaSchema, ConfigQuestionsSchema } from '../interview-config-schemas';
import { checkQuestionCriteria } from '../check-question-criteria';
import { QUESTION_SET_TEMPLATES } from './index';

describe('question set templates', () => {
  it('cover the same roles in English and French', () => {
    const roles = (locale: string) => QUESTION_SET_TEMPLATES.filter((t) => t.locale === locale).map((t) => t.role).sort();
    expect(roles('en')).toEqual(roles('fr'));
    expect(roles('en').length).toBeGreaterThanOrEqual(5);
    expect(new Set(QUESTION_SET_TEMPLATES.map((t) => t.id)).size).toBe(QUESTION_SET_TEMPLATES.length);
  });

  it.each(QUESTION_SET_TEMPLATES.map((t) => [t.id, t] as const))('%s is a valid question set with anchored criteria', (_id, t) => {
    expect(ConfigCriteriaSchema.safeParse(t.criteria).success).toBe(true);
    expect(ConfigQuestionsSchema.safeParse(t.questions).success).toBe(true);
    expect(() => checkQuestionCriteria(t.questions, t.criteria)).not.toThrow();
    for (const c of t.criteria) expect(Object.keys(c.anchors).sort()).toEqual(['high', 'low', 'mid']);
    // Every criterion is evidenced by at least one question.
    for (const c of t.criteria) expect(t.questions.some((q) => q.criterion === c.key)).toBe(true);
  });
});
