import { and, asc, eq } from 'drizzle-orm';
import { candidates, interviews, reports, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import { interviewColumns, toInterviewDto } from './interview-dto';
import type { InterviewDetailDto, InterviewDto } from './interview-schemas';

/** One interview of the organization, or NOT_FOUND (another organization's id included). */
export async function getInterview(db: DbExecutor, input: { orgId: string; id: string }): Promise<InterviewDto> {
  if (!isIdOf('interview', input.id)) throw notFound('Interview');
  const [row] = await db
    .select(interviewColumns)
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .where(and(eq(interviews.id, input.id), eq(interviews.orgId, input.orgId)));
  if (!row) throw notFound('Interview');
  return toInterviewDto(row);
}

/** The interview with its candidate, transcript and evaluation (the report's scorecard). */
export async function getInterviewDetail(db: DbExecutor, input: { orgId: string; id: string }): Promise<InterviewDetailDto> {
  const interview = await getInterview(db, input);
  const [[candidate], turnRows, [report]] = await Promise.all([
    db
      .select({ id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName })
      .from(candidates)
      .where(and(eq(candidates.id, interview.candidateId), eq(candidates.orgId, input.orgId))),
    db
      .select()
      .from(turns)
      .where(and(eq(turns.interviewId, interview.id), eq(turns.orgId, input.orgId)))
      .orderBy(asc(turns.turnNumber)),
    db
      .select()
      .from(reports)
      .where(and(eq(reports.interviewId, interview.id), eq(reports.orgId, input.orgId))),
  ]);
  return {
    ...interview,
    candidate,
    transcript: turnRows.map((t) => ({
      turnNumber: t.turnNumber,
      role: t.role,
      content: t.content,
      audioUrl: t.audioUrl,
      createdAt: iso(t.createdAt),
      updatedAt: iso(t.updatedAt),
    })),
    evaluation: report
      ? {
          reportId: report.id,
          status: report.status,
          overallScore: report.overallScore,
          recommendation: report.recommendation,
          summary: report.summary,
          criteria: report.criteria ?? [],
          flags: report.flags ?? [],
        }
      : null,
  };
}
