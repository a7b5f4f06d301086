import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { turns } from '@/db/schema';
import { campaignNotice, differencesFromCampaign, turnOutputsOf, type CampaignUsual, type ReportProvenance } from '../ai/provenance';
import type { ReportProvenanceDto } from './report-schemas';

/**
 * A report's provenance as it is read: what it was scored with, and how that compares with the rest of its
 * campaign (the other READY reports of the same campaign that kept their provenance). "The rest" is what most of
 * them were scored with: the rubric of the most reports, and the provider, model and prompt of the most answers;
 * ties go to the earliest. Two grouped statements, whatever the campaign's size. With it, `outputs`: the provenance
 * of every AI output on the interview's transcript (each evaluated answer, each follow-up a model wrote), from the
 * turns given (the caller's, when it read them already) or read here.
 */
export async function presentReportProvenance(
  db: DbExecutor,
  input: {
    orgId: string;
    reportId: string;
    interviewId: string;
    campaignId: string | null;
    provenance: ReportProvenance | null;
    turns?: readonly { turnNumber: number; evaluation: unknown }[];
  },
): Promise<ReportProvenanceDto | null> {
  const { provenance } = input;
  if (!provenance) return null;
  const [usual, turnRows] = await Promise.all([
    input.campaignId ? campaignUsual(db, { orgId: input.orgId, campaignId: input.campaignId, exceptReportId: input.reportId }) : null,
    input.turns ??
      db
        .select({ turnNumber: turns.turnNumber, evaluation: turns.evaluation })
        .from(turns)
        .where(and(eq(turns.interviewId, input.interviewId), eq(turns.orgId, input.orgId)))
        .orderBy(asc(turns.turnNumber)),
  ]);
  const outputs = turnOutputsOf(turnRows);
  const questionSet = provenance.questionSet ?? null;
  if (!usual) return { ...provenance, questionSet, outputs, campaign: null };
  const differences = differencesFromCampaign(provenance.scoring, usual);
  return {
    ...provenance,
    questionSet,
    outputs,
    campaign: { otherReports: usual.reports, usual: { rubricVersion: usual.rubricVersion, evaluator: usual.evaluator }, differences, notice: campaignNotice(provenance.scoring, usual, differences) },
  };
}

/** What the campaign's other ready reports were mostly scored with; null when there is none. The organization is in both WHEREs. */
export async function campaignUsual(db: DbExecutor, scope: { orgId: string; campaignId: string; exceptReportId: string }): Promise<CampaignUsual | null> {
  const others = sql`
    select r.provenance, r.completed_at from reports r
    join interviews i on i.id = r.interview_id and i.org_id = r.org_id
    where r.org_id = ${scope.orgId} and i.org_id = ${scope.orgId} and i.campaign_id = ${scope.campaignId}
      and r.status = 'READY' and r.provenance is not null and r.id <> ${scope.exceptReportId}`;
  const [rubrics, evaluators] = await Promise.all([
    db.execute(sql`
      with others as (${others})
      select provenance->'scoring'->>'rubricVersion' as version, count(*)::int as n, sum(count(*)) over ()::int as total
      from others group by 1 order by count(*) desc, min(completed_at) asc limit 1`),
    db.execute(sql`
      with others as (${others})
      select e->>'provider' as provider, e->>'model' as model, e->>'promptVersion' as "promptVersion"
      from others, jsonb_array_elements(provenance->'scoring'->'evaluators') e
      group by 1, 2, 3 order by sum((e->>'answers')::int) desc, min(completed_at) asc limit 1`),
  ]);
  const [rubric] = rowsOf<{ version: string | null; total: number }>(rubrics);
  if (!rubric) return null;
  const [evaluator] = rowsOf<{ provider: string; model: string; promptVersion: string }>(evaluators);
  return { reports: Number(rubric.total), rubricVersion: rubric.version, evaluator: evaluator ?? null };
}
