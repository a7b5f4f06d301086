import type { ConfigCriterion, ConfigQuestion } from '@/db/schema';
import { AppError } from '@/server/errors';

/**
 * A question that names a criterion must name one of the configuration's criteria, or its evidence would
 * score nothing. Checked on the merged result of an update too, since questions and criteria change apart.
 */
export function checkQuestionCriteria(questions: ConfigQuestion[], criteria: ConfigCriterion[]): void {
  const keys = new Set(criteria.map((c) => c.key));
  const issues = questions.flatMap((q, i) =>
    q.criterion !== undefined && !keys.has(q.criterion)
      ? [{ path: `questions.${i}.criterion`, message: `Unknown criterion "${q.criterion}": not among the configuration's criteria` }]
      : [],
  );
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues });
}
