import type { interviewConfigs } from '@/db/schema';
import { iso } from '../fields';
import type { InterviewConfigDto } from './interview-config-schemas';

export function toInterviewConfigDto(row: typeof interviewConfigs.$inferSelect): InterviewConfigDto {
  return {
    id: row.id,
    name: row.name,
    locale: row.locale,
    extraLocales: row.extraLocales,
    questions: row.questions.map((q) => ({ id: q.id, text: q.text, ...(q.criterion ? { criterion: q.criterion } : {}) })),
    criteria: row.criteria.map((c) => ({ key: c.key, label: c.label, weight: c.weight, ...(c.anchors && Object.keys(c.anchors).length > 0 ? { anchors: c.anchors } : {}) })),
    provenance: row.provenance ?? null,
    generateReport: row.generateReport,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
