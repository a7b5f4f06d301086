import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, candidates, humanReviews, interviews, invitationLinks, organizations, reports, testSessions, turns } from '@/db/schema';
import { eraseCandidate } from '@/server/services/data-rights/erase-candidate';
import { lastActivitySql, runRetention } from '@/server/services/data-rights/run-retention';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, makeKey, request, type TestOrg } from '../support/factories';
import { interviewedCandidate, type Person } from '../support/data-rights';
import { countSearchedColumns, searchWholeDatabase } from '../support/database-search';
import { recruiterCaller } from '../support/recruiter-caller';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  // The retention run below uses a 30-day period: the AI records' floor (default 183 days, ai-records.test.ts) is lowered to allow it.
  app = await startTestApp({ AI_RECORDS_FLOOR_DAYS: '30' });
});
afterAll(() => app?.close());

const ZEPHYRINE: Person = {
  email: 'zephyrine.quillfeather@example.net',
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  phone: '+33 6 48 27 19 53',
  phrase: 'my pet axolotl Bartholomew debugs kernels',
};
const ORLANDO: Person = {
  email: 'orlando.vantablack@example.org',
  firstName: 'Orlando',
  lastName: 'Vantablack',
  phone: '+44 7700 900461',
  phrase: 'the lighthouse keeper taught me Fortran',
};

async function campaignFigures(orgId: string, campaignId: string) {
  const view = await recruiterCaller(app.db, orgId).dashboard.campaign({ id: campaignId });
  const rows = await app.db
    .select({
      id: interviews.id,
      status: interviews.status,
      score: reports.overallScore,
      recommendation: reports.recommendation,
      criteria: reports.criteria,
      humanScore: humanReviews.overallScore,
      humanCriteria: humanReviews.criteria,
    })
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .leftJoin(humanReviews, eq(humanReviews.reportId, reports.id))
    .where(and(eq(interviews.orgId, orgId), eq(interviews.campaignId, campaignId)))
    .orderBy(interviews.id);
  return {
    counts: view.counts,
    rows: rows.map((r) => ({
      ...r,
      criteria: r.criteria?.map((c) => ({ key: c.key, score: c.score, weight: c.weight })),
      humanCriteria: r.humanCriteria?.map((c) => ({ key: c.key, score: c.score })),
    })),
  };
}

describe('erasure: DELETE /api/v1/candidates/:id', () => {
  it("removes the candidate's personal data from every column of every table, keeps the anonymous records", async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const zeph = await interviewedCandidate(app, org, setup, ZEPHYRINE);
    const other = await interviewedCandidate(app, org, setup, ORLANDO);
    // A test result and a second, still open interview (cancelled by the erasure).
    await recruiterCaller(app.db, org.orgId).testSessions.record({ candidateId: zeph.candidateId, campaignId: setup.campaign.id, testName: 'Kata', score: 30, maxScore: 40, completedAt: new Date().toISOString() } as never);
    const open = await org.api('/api/v1/interviews', { body: { candidateId: zeph.candidateId, jobId: setup.job.id, campaignId: setup.campaign.id, sendInvite: false } });
    expect(open.status).toBe(201);
    // What people wrote about her (issue 10): a decision's reason, its replacement's (the first stays as history),
    // and a human review's notes.
    const caller = recruiterCaller(app.db, org.orgId);
    const held = await org.api(`/api/v1/interviews/${zeph.interviewId}/decision`, { body: { status: 'HOLD', reason: `Ask about ${ZEPHYRINE.phrase}` } });
    expect(held.status, held.text).toBe(200);
    await caller.interviews.decide({ id: zeph.interviewId, status: 'ADVANCE', reason: `${ZEPHYRINE.firstName} ${ZEPHYRINE.lastName} convinced us` });
    await caller.reports.saveHumanReview({
      interviewId: zeph.interviewId,
      criteria: [
        { key: 'communication', score: 9, note: `${ZEPHYRINE.lastName}: ${ZEPHYRINE.phrase}` },
        { key: 'technical', score: 7, note: 'Solid on queues' },
      ],
    });

    const needles = [ZEPHYRINE.email, ZEPHYRINE.firstName, ZEPHYRINE.lastName, ZEPHYRINE.phone, ZEPHYRINE.phrase];
    // The search sees the data before: it is not a search that cannot find anything.
    const before = await searchWholeDatabase(app.db, needles);
    expect(new Set(before.map((h) => h.needle))).toEqual(new Set(needles));
    expect(before.map((h) => `${h.table}.${h.column}`)).toEqual(
      expect.arrayContaining([
        'candidates.email',
        'turns.content',
        'turns.evaluation',
        'mailbox_messages.to_address',
        'sent_emails.to_address',
        'idempotency_requests.response_body',
        'interview_decisions.reason',
        'human_reviews.criteria',
        'webhook_events.body',
      ]),
    );
    expect(before.filter((h) => h.table === 'interview_decisions' && h.needle === ZEPHYRINE.phrase)).toEqual([expect.objectContaining({ count: 1 })]);
    expect((await countSearchedColumns(app.db)).some((c) => c.startsWith('pgboss.'))).toBe(true);
    const figuresBefore = await campaignFigures(org.orgId, setup.campaign.id);
    // Job payloads naming the interview (its invitation email job): present before, gone after; only the
    // erasure's own erase-audio job (interview ids, nothing personal) names it afterwards.
    const jobsNaming = async (id: string) => {
      const result: any = await app.db.execute(
        sql`select (select count(*) from pgboss.job where strpos(data::text, ${id}) > 0 and name <> 'erase-audio') + (select count(*) from pgboss.archive where strpos(data::text, ${id}) > 0 and name <> 'erase-audio') as n`,
      );
      return Number((Array.isArray(result) ? result : result.rows)[0].n);
    };
    expect(await jobsNaming(zeph.interviewId)).toBeGreaterThan(0);
    // The sealed copy of the invitation link (campaign page's "Copy invitation link") goes with the link.
    const sealedLinks = () => app.db.$count(invitationLinks, inArray(invitationLinks.interviewId, [zeph.interviewId, open.body.id]));
    expect(await sealedLinks()).toBeGreaterThan(0);

    const res = await org.api(`/api/v1/candidates/${zeph.candidateId}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await org.api(`/api/v1/candidates/${zeph.candidateId}`, { method: 'DELETE' }), 404, 'NOT_FOUND');

    const after = await searchWholeDatabase(app.db, needles);
    expect(after).toEqual([]);
    expect(await jobsNaming(zeph.interviewId)).toBe(0);
    expect(await sealedLinks()).toBe(0);
    const [audioJob]: any[] = await app.db.execute(sql`select data from pgboss.job where name = 'erase-audio' and strpos(data::text, ${zeph.interviewId}) > 0 union all select data from pgboss.archive where name = 'erase-audio' and strpos(data::text, ${zeph.interviewId}) > 0`).then((r: any) => (Array.isArray(r) ? r : r.rows));
    expect(audioJob.data).toEqual({ orgId: org.orgId, interviewIds: expect.arrayContaining([zeph.interviewId, open.body.id]) });
    expect(await jobsNaming(other.interviewId)).toBeGreaterThan(0);
    // The other candidate of the campaign is untouched.
    const otherHits = await searchWholeDatabase(app.db, [ORLANDO.email, ORLANDO.phrase]);
    expect(otherHits.map((h) => `${h.table}.${h.column}`)).toEqual(expect.arrayContaining(['candidates.email', 'turns.content']));

    // Every read of the candidate is a 404; the interviews remain, anonymous.
    expectError(await org.api(`/api/v1/candidates/${zeph.candidateId}`), 404, 'NOT_FOUND');
    expectError(await org.api(`/api/v1/candidates/${zeph.candidateId}/export`), 404, 'NOT_FOUND');
    const list = await org.api(`/api/v1/candidates?search=${encodeURIComponent('quillfeather')}`);
    expect(list.body.items).toEqual([]);
    const retrieved = await org.api(`/api/v1/interviews/${zeph.interviewId}`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toMatchObject({
      candidateId: zeph.candidateId,
      candidate: null,
      status: 'COMPLETED',
      audioUrl: null,
      reportId: zeph.reportId,
      decision: { status: 'ADVANCE', reason: null, decidedBy: { type: 'user' } },
    });
    // The decisions stay (status, who, when) without their reasons; the review keeps its scores without its notes.
    expect((await caller.interviews.decisionHistory({ id: zeph.interviewId })).map((d) => [d.status, d.reason])).toEqual([
      ['ADVANCE', null],
      ['HOLD', null],
    ]);
    const [review] = await app.db.select().from(humanReviews).where(eq(humanReviews.reportId, zeph.reportId));
    expect(review.criteria).toEqual([
      { key: 'communication', score: 9, note: null },
      { key: 'technical', score: 7, note: null },
    ]);
    expect(retrieved.body.transcript.map((t: { content: string; audioUrl: string | null }) => [t.content, t.audioUrl])).toEqual([['', null], ['', null], ['', null], ['', null]]);
    expect(retrieved.body.evaluation).toMatchObject({ status: 'READY', summary: null });
    const openAfter = await org.api(`/api/v1/interviews/${open.body.id}`);
    expect(openAfter.body.status).toBe('CANCELLED');
    const [kept] = await app.db.select({ evaluation: turns.evaluation }).from(turns).where(and(eq(turns.interviewId, zeph.interviewId), eq(turns.turnNumber, 2)));
    expect(kept.evaluation).toEqual({ scores: { communication: 8, technical: 6 } });
    expect(await app.db.$count(testSessions, eq(testSessions.candidateId, zeph.candidateId))).toBe(1);

    // Counts and scores of the campaign are what they were (the open interview is now cancelled, not gone).
    const figuresAfter = await campaignFigures(org.orgId, setup.campaign.id);
    expect(figuresAfter.rows.map(({ status, ...rest }) => rest)).toEqual(figuresBefore.rows.map(({ status, ...rest }) => rest));
    expect({ ...figuresAfter.counts }).toEqual({ ...figuresBefore.counts });

    // The email may be used for a new candidate; one audit entry names the API key, without personal data.
    const again = await org.api('/api/v1/candidates', { body: { email: ZEPHYRINE.email } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(zeph.candidateId);
    const erased = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.erased')));
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({ actorType: 'api_key', actorId: org.apiKeyId, targetType: 'candidate', targetId: zeph.candidateId, details: { interviews: 2, cancelledInterviews: 1 } });
    expect(erased[0].requestId).toBe(res.headers.get('x-request-id'));
    expect(other.candidateId).not.toBe(zeph.candidateId);
  }, 120_000);

  it('is 404 for another organization, needs candidates:write, and is refused without a key', async () => {
    const a = await createTestOrg(app.db, app.url);
    const b = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, a.orgId);
    expectError(await b.api(`/api/v1/candidates/${candidate.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    expectError(await b.api(`/api/v1/candidates/${candidate.id}/export`), 404, 'NOT_FOUND');
    expectError(await a.api('/api/v1/candidates/cnd_nope', { method: 'DELETE' }), 404, 'NOT_FOUND');
    const readOnly = await makeKey(app.db, a.orgId, ['candidates:read']);
    const refused = await a.api(`/api/v1/candidates/${candidate.id}`, { method: 'DELETE', key: readOnly.key });
    expectError(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.message).toContain('candidates:write');
    expectError(await request(app.url, `/api/v1/candidates/${candidate.id}`, { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    const writeOnly = await makeKey(app.db, a.orgId, ['candidates:write']);
    expectError(await a.api(`/api/v1/candidates/${candidate.id}/export`, { key: writeOnly.key }), 403, 'FORBIDDEN');
    expect(await app.db.$count(candidates, eq(candidates.id, candidate.id))).toBe(1);
  });

  it('is a dashboard action too, recorded with the recruiter as actor', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const caller = recruiterCaller(app.db, org.orgId);
    await caller.candidates.erase({ id: candidate.id });
    await expect(caller.candidates.get({ id: candidate.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [entry] = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.targetId, candidate.id)));
    expect(entry).toMatchObject({ action: 'candidate.erased', actorType: 'user' });
  });
});

describe('access: GET /api/v1/candidates/:id/export', () => {
  it("holds everything of one candidate and nothing of the other candidate of the campaign", async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const a = await interviewedCandidate(app, org, setup, { ...ZEPHYRINE, email: 'zeph.access@example.net' });
    const b = await interviewedCandidate(app, org, setup, { ...ORLANDO, email: 'orlando.access@example.org' });
    const decide = (interviewId: string, body: object) => org.api(`/api/v1/interviews/${interviewId}/decision`, { body });
    expect((await decide(a.interviewId, { status: 'HOLD', reason: 'First look: promising' })).status).toBe(200);
    expect((await decide(a.interviewId, { status: 'ADVANCE', reason: 'After the call: yes' })).status).toBe(200);
    expect((await decide(b.interviewId, { status: 'REJECT', reason: `Not for us: ${ORLANDO.phrase}` })).status).toBe(200);
    await recruiterCaller(app.db, org.orgId).reports.saveHumanReview({
      interviewId: a.interviewId,
      criteria: [
        { key: 'communication', score: 9, note: 'Clear and calm' },
        { key: 'technical', score: 7 },
      ],
    });

    const res = await org.api(`/api/v1/candidates/${a.candidateId}/export`);
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.candidate).toMatchObject({ id: a.candidateId, email: 'zeph.access@example.net', firstName: 'Zephyrine', phone: ZEPHYRINE.phone });
    expect(doc.interviews).toHaveLength(1);
    expect(doc.interviews[0]).toMatchObject({ id: a.interviewId, candidate: { id: a.candidateId }, report: { id: a.reportId, status: 'READY' } });
    expect(doc.interviews[0].transcript).toHaveLength(4);
    expect(doc.interviews[0].transcript[1].content).toContain(ZEPHYRINE.phrase);
    expect(doc.interviews[0].report.transcript).toHaveLength(4);
    // Decisions: the current one (as the retrieve has it) and every one it replaced, with their reasons.
    const current = { status: 'ADVANCE', reason: 'After the call: yes', decidedAt: expect.any(String), decidedBy: { type: 'api_key', id: org.apiKeyId } };
    expect(doc.interviews[0].decision).toEqual(current);
    expect(doc.interviews[0].decision).toEqual((await org.api(`/api/v1/interviews/${a.interviewId}`)).body.decision);
    expect(doc.interviews[0].decisions).toEqual([
      { ...current, id: expect.any(String), current: true },
      { status: 'HOLD', reason: 'First look: promising', decidedAt: expect.any(String), decidedBy: { type: 'api_key', id: org.apiKeyId }, id: expect.any(String), current: false },
    ]);
    expect(doc.interviews[0].report.humanReview).toMatchObject({ criteria: [{ key: 'communication', score: 9, note: 'Clear and calm' }, { key: 'technical', score: 7, note: null }] });
    expect(doc.emails).toEqual([expect.objectContaining({ kind: 'invitation', to: 'zeph.access@example.net', subject: expect.any(String), sentAt: expect.any(String) })]);
    expect(doc.notes).toEqual([]);
    expect(doc.testSessions).toEqual([]);
    expect(Date.parse(doc.exportedAt)).not.toBeNaN();

    for (const foreign of [b.candidateId, b.interviewId, b.reportId, 'orlando.access@example.org', ORLANDO.phrase, ORLANDO.lastName, ORLANDO.phone]) {
      expect(res.text).not.toContain(foreign);
    }
    const [entry] = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.exported')));
    expect(entry).toMatchObject({ actorType: 'api_key', actorId: org.apiKeyId, targetId: a.candidateId });
  }, 120_000);
});

describe('retention', () => {
  const DAY = 24 * 3600 * 1000;

  /** A candidate whose every trace of activity (profile, interview, test) is `daysAgo` old. */
  async function candidateLastActive(orgId: string, daysAgo: number) {
    const at = new Date(Date.now() - daysAgo * DAY);
    const setup = await makeHiringSetup(app.db, orgId);
    const candidate = await makeCandidate(app.db, orgId, { createdAt: at, updatedAt: at });
    await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId: setup.job.id, status: 'COMPLETED', invitedAt: at, expiresAt: at, completedAt: at, createdAt: at, updatedAt: at });
    return candidate.id;
  }

  it("erases only what passed each organization's period, safe twice and concurrently", async () => {
    const short = await createTestOrg(app.db, app.url);
    const long = await createTestOrg(app.db, app.url);
    await recruiterCaller(app.db, short.orgId).settings.updateRetention({ retentionDays: 30 });
    const shortOld = await candidateLastActive(short.orgId, 45);
    const shortRecent = await candidateLastActive(short.orgId, 10);
    const longMiddle = await candidateLastActive(long.orgId, 400);
    const longAncient = await candidateLastActive(long.orgId, 800);
    // Old profile, recent interview: the interview is the last activity.
    const revived = await candidateLastActive(short.orgId, 90);
    await app.db.update(interviews).set({ updatedAt: new Date(Date.now() - 2 * DAY) }).where(eq(interviews.candidateId, revived));
    const [activity] = await app.db.execute(sql`select ${lastActivitySql} as at from candidates c where c.id = ${revived}`).then((r: any) => (Array.isArray(r) ? r : r.rows));
    expect(Date.now() - new Date(activity.at).getTime()).toBeLessThan(3 * DAY);

    const runs = await Promise.all([runRetention(app.db, { batchSize: 1 }), runRetention(app.db, { batchSize: 1 })]);
    expect(runs[0].erased + runs[1].erased).toBe(2);
    expect((await runRetention(app.db)).erased).toBe(0);

    const remaining = async (orgId: string) => (await app.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.orgId, orgId))).map((r) => r.id).sort();
    expect(await remaining(short.orgId)).toEqual([shortRecent, revived].sort());
    expect(await remaining(long.orgId)).toEqual([longMiddle]);
    for (const [orgId, erased] of [[short.orgId, shortOld], [long.orgId, longAncient]]) {
      const entries = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'candidate.erased')));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ targetId: erased, actorType: 'system', actorId: 'retention', details: { reason: 'retention' } });
      const runsLogged = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'retention.ran')));
      expect(runsLogged).toHaveLength(3);
      expect(runsLogged.reduce((sum, e) => sum + Number(e.details.erased), 0)).toBe(1);
      expect(runsLogged.every((e) => e.actorType === 'system' && e.requestId === null)).toBe(true);
    }
  }, 60_000);

  it('the setting is bounded, defaults to 730 days, and its change is audited', async () => {
    const org = await createTestOrg(app.db, app.url);
    const caller = recruiterCaller(app.db, org.orgId);
    expect(await caller.settings.retention()).toMatchObject({ retentionDays: 730, defaultDays: 730 });
    await expect(caller.settings.updateRetention({ retentionDays: 731 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.settings.updateRetention({ retentionDays: 29 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.settings.updateRetention({ retentionDays: 365 })).toMatchObject({ retentionDays: 365 });
    const [row] = await app.db.select({ days: organizations.retentionDays }).from(organizations).where(eq(organizations.id, org.orgId));
    expect(row.days).toBe(365);
    const entries = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'settings.updated')));
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toEqual({ setting: 'retentionDays', from: 730, to: 365 });
  });

  it('an erasure waits for a concurrent one and then finds nothing (404), never erasing twice', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const results = await Promise.allSettled([eraseCandidate(app.db, { orgId: org.orgId, id: candidate.id }), eraseCandidate(app.db, { orgId: org.orgId, id: candidate.id })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await app.db.$count(auditEvents, and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.erased')))).toBe(1);
  });
});
