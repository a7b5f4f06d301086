import { and, eq } from 'drizzle-orm';
import { candidates, interviewConfigs, interviews, jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { resolveInterviewLanguage } from '@/server/i18n/interview-language';
import { iso } from '../fields';
import type { AgentContextDto } from './agent-schemas';
import { effectiveStatusSql } from './effective-status';

/** What the voice agent needs to conduct the interview: whom it speaks to, in which language, about what. */
export async function getAgentContext(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<AgentContextDto> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [row] = await db
    .select({
      id: interviews.id,
      status: effectiveStatusSql,
      expiresAt: interviews.expiresAt,
      startedAt: interviews.startedAt,
      firstName: candidates.firstName,
      candidateLocale: candidates.locale,
      jobTitle: jobs.title,
      configId: interviewConfigs.id,
      configLocale: interviewConfigs.locale,
      extraLocales: interviewConfigs.extraLocales,
      chosenLanguage: interviews.language,
      questions: interviewConfigs.questions,
      criteria: interviewConfigs.criteria,
    })
    .from(interviews)
    // Every join repeats the organization: the references were checked at creation, this keeps it true on read.
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
    .leftJoin(interviewConfigs, and(eq(interviewConfigs.id, interviews.configId), eq(interviewConfigs.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!row) throw notFound('Interview');
  return {
    interviewId: row.id,
    status: row.status,
    expiresAt: iso(row.expiresAt),
    startedAt: iso(row.startedAt),
    candidate: { firstName: row.firstName, locale: row.candidateLocale },
    job: { title: row.jobTitle },
    configId: row.configId,
    configLocale: row.configLocale,
    language: resolveInterviewLanguage({ candidateLocale: row.candidateLocale, configLocale: row.configLocale, extraLocales: row.extraLocales, chosenLanguage: row.chosenLanguage }).language,
    questions: (row.questions ?? []).map((q) => ({ id: q.id, text: q.text, criterion: q.criterion ?? null })),
    criteria: (row.criteria ?? []).map((c) => ({ key: c.key, label: c.label, weight: c.weight, ...(c.anchors && Object.keys(c.anchors).length > 0 ? { anchors: c.anchors } : {}) })),
  };
}
