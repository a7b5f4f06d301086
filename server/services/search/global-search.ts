import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns, candidates, interviews, jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { candidateFilterWhere } from '../candidates/list-candidates';
import { iso } from '../fields';
import { effectiveStatusSql } from '../interviews/effective-status';
import { InterviewStatusSchema } from '../interviews/interview-schemas';
import { interviewFilterWhere } from '../interviews/list-interviews';
import { likeContains } from '../pagination';

export const GlobalSearchInputSchema = z.strictObject({ query: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters') });

const CandidateHit = z.object({ id: z.string(), name: z.string().nullable(), email: z.string() });
const InterviewHit = z.object({ id: z.string(), candidateName: z.string().nullable(), candidateEmail: z.string().nullable(), jobTitle: z.string().nullable(), status: InterviewStatusSchema, createdAt: z.string() });
const CampaignHit = z.object({ id: z.string(), name: z.string(), jobTitle: z.string().nullable() });

export const GlobalSearchOutputSchema = z.object({ candidates: z.array(CandidateHit), interviews: z.array(InterviewHit), campaigns: z.array(CampaignHit) });
export type GlobalSearchResult = z.infer<typeof GlobalSearchOutputSchema>;

/** Results per group: the header shows a handful, the lists show the rest. */
export const SEARCH_GROUP_LIMIT = 5;

const fullName = sql<string>`nullif(trim(coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')), '')`;

/**
 * The header's search over the organization's candidates (name, email), interviews (their candidate) and
 * campaigns (name). The candidate and interview groups reuse the lists' own search filters, so the header
 * finds exactly what "Search" on the list would; every query has the organization in its WHERE.
 */
export async function globalSearch(db: DbExecutor, input: { orgId: string; query: string }): Promise<GlobalSearchResult> {
  const { orgId, query } = input;
  const [candidateRows, interviewRows, campaignRows] = await Promise.all([
    db
      .select({ id: candidates.id, name: fullName, email: candidates.email })
      .from(candidates)
      .where(candidateFilterWhere(db, { orgId, search: query }))
      .orderBy(desc(candidates.createdAt), desc(candidates.id))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: interviews.id, candidateName: fullName, candidateEmail: candidates.email, jobTitle: jobs.title, status: effectiveStatusSql, createdAt: interviews.createdAt })
      .from(interviews)
      .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
      .leftJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
      .where(interviewFilterWhere(db, { orgId, candidateSearch: query }))
      .orderBy(desc(interviews.createdAt), desc(interviews.id))
      .limit(SEARCH_GROUP_LIMIT),
    db
      .select({ id: campaigns.id, name: campaigns.name, jobTitle: jobs.title })
      .from(campaigns)
      .leftJoin(jobs, and(eq(jobs.id, campaigns.jobId), eq(jobs.orgId, campaigns.orgId)))
      .where(and(eq(campaigns.orgId, orgId), ilike(campaigns.name, likeContains(query))))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(SEARCH_GROUP_LIMIT),
  ]);
  return {
    candidates: candidateRows,
    interviews: interviewRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    campaigns: campaignRows,
  };
}
