import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { reports, turns, type InterviewStatus } from '@/db/schema';
import type { Principal } from '@/server/auth/principal';
import { newId } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { appRouter } from '@/server/routers/app-router';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { makeCandidate, makeHiringSetup, makeInterview } from './factories';

export type TurnSeed = { turnNumber: number; role: 'agent' | 'candidate'; content?: string; evaluation?: Record<string, unknown> | null };

/** A typical conversation: three questions, three answers scored on the default configuration's criteria. */
export const SCORED_TURNS: TurnSeed[] = [
  { turnNumber: 1, role: 'agent', content: 'Tell me about yourself.' },
  { turnNumber: 2, role: 'candidate', content: 'I build payment systems.', evaluation: { scores: { communication: 8 }, flags: [], comment: 'clear' } },
  { turnNumber: 3, role: 'agent', content: 'Describe a hard bug you fixed.' },
  { turnNumber: 4, role: 'candidate', content: 'A race in our ledger.', evaluation: { scores: { technical: 9, communication: 6 }, flags: ['name_dropping'] } },
  { turnNumber: 5, role: 'agent', content: 'Anything else?' },
  { turnNumber: 6, role: 'candidate', content: 'No.', evaluation: { scores: { technical: 7 } } },
];

/**
 * A finished interview (COMPLETED unless told otherwise) with its turns, in a fresh hiring setup, and a PENDING
 * report as finalize leaves it. The job is not enqueued: call enqueueReport.
 */
export async function makeInterviewWithPendingReport(
  db: Database,
  orgId: string,
  options: { turns?: TurnSeed[]; status?: InterviewStatus; withConfig?: boolean; setup?: Awaited<ReturnType<typeof makeHiringSetup>>; candidate?: { id: string } } = {},
) {
  const setup = options.setup ?? (await makeHiringSetup(db, orgId));
  const candidate = options.candidate ?? (await makeCandidate(db, orgId));
  const status = options.status ?? 'COMPLETED';
  const now = new Date();
  const interview = await makeInterview(db, orgId, {
    candidateId: candidate.id,
    jobId: setup.job.id,
    campaignId: setup.campaign.id,
    stageId: setup.stage.id,
    configId: options.withConfig === false ? null : setup.config.id,
    status,
    startedAt: new Date(now.getTime() - 20 * 60_000),
    completedAt: status === 'COMPLETED' ? now : null,
    endedAt: status === 'COMPLETED' ? now : null,
  });
  const seeds = options.turns ?? SCORED_TURNS;
  if (seeds.length > 0) {
    await db.insert(turns).values(
      seeds.map((t) => ({ interviewId: interview.id, orgId, turnNumber: t.turnNumber, role: t.role, content: t.content ?? '', evaluation: t.evaluation ?? null })),
    );
  }
  const [report] = await db.insert(reports).values({ id: newId('report'), orgId, type: 'interview', interviewId: interview.id, status: 'PENDING' }).returning();
  return { setup, candidate, interview, report };
}

export async function enqueueReport(db: Database, reportId: string): Promise<void> {
  await db.transaction((tx) => enqueueJob(tx, QUEUES.generateReport, { reportId }));
}

/** Polls the report row until it leaves PENDING (or reaches `status`). */
export async function waitForReport(db: Database, reportId: string, status?: 'READY' | 'FAILED', timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
    if (row && (status ? row.status === status : row.status !== 'PENDING')) return row;
    if (Date.now() > deadline) throw new Error(`report ${reportId} is still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The dashboard's tRPC procedures as a signed-in recruiter of `orgId` would call them. */
export function recruiterCaller(db: Database, orgId: string) {
  const principal: Principal = { kind: 'recruiter', orgId, userId: newId('user'), sessionId: newId('session'), role: 'admin' };
  return createCallerFactory(appRouter)(createContextInner({ db, principal, requestId: 'req_test' }));
}

export function apiKeyCaller(db: Database, orgId: string) {
  const principal: Principal = { kind: 'apiKey', orgId, apiKeyId: newId('apiKey'), scopes: ['reports:read'] };
  return createCallerFactory(appRouter)(createContextInner({ db, principal, requestId: 'req_test' }));
}

export async function reportOf(db: Database, orgId: string, interviewId: string) {
  const [row] = await db.select().from(reports).where(and(eq(reports.orgId, orgId), eq(reports.interviewId, interviewId)));
  return row;
}
