import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { createTestOrg, makeCandidate, makeHiringSetup, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { enqueueReport, makeInterviewWithPendingReport, recruiterCaller, waitForReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** The campaign export for people: titles, names, local dates in a named zone, plain words, no ids. */
let app: TestApp;
let org: TestOrg;
let cookie: string;
let setup: Awaited<ReturnType<typeof makeHiringSetup>>;
const COMPLETED_AT = new Date('2026-07-01T10:30:00Z'); // 12:30 in Paris (summer time), 06:30 in New York

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '' });
  org = await createTestOrg(app.db, app.url);
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId, { name: 'Rita Recruiter' })).email);
  setup = await makeHiringSetup(app.db, org.orgId);
  const ada = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  const hostile = await makeCandidate(app.db, org.orgId, { firstName: '=HYPERLINK("http://evil.example")', lastName: null, email: 'x@example.com' });
  for (const candidate of [ada, hostile]) {
    const made = await makeInterviewWithPendingReport(app.db, org.orgId, { setup, candidate });
    await app.db.update(interviews).set({ completedAt: COMPLETED_AT, answerMode: 'written' }).where(eq(interviews.id, made.interview.id));
    await enqueueReport(app.db, made.report.id);
    await waitForReport(app.db, made.report.id, 'READY');
    if (candidate === ada) {
      const decided = await trpcMutation(app.url, 'interviews.decide', { id: made.interview.id, status: 'ADVANCE', reason: 'Strong answers' }, cookie);
      expect(decided.status).toBe(200);
    }
  }
  await recruiterCaller(app.db, org.orgId).testSessions.record({ candidateId: ada.id, campaignId: setup.campaign.id, testName: 'SQL basics', score: 45, maxScore: 50, completedAt: COMPLETED_AT.toISOString() });
}, 60_000);
afterAll(() => app?.close());

async function readable(query: string) {
  return org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&format=readable-csv${query}`);
}

describe('GET /api/v1/reports/export?format=readable-csv', () => {
  it('has titles, names and plain words, dates in the named time zone, and no internal id', async () => {
    const res = await readable('&timeZone=Europe/Paris');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="spring-hiring-results-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    const header = Object.keys(rows[0]);
    expect(header.slice(0, 7)).toEqual(['Candidate', 'Email', 'Job', 'Campaign', 'Result', 'Status', 'Completed (Europe/Paris)']);
    expect(header).toContain('Score source');
    expect(header).toContain('Decided (Europe/Paris)');
    const ada = rows.find((r) => r.Candidate === 'Ada Lovelace' && r.Result === 'Interview')!;
    expect(ada).toMatchObject({
      Email: 'ada@example.com',
      Job: 'Backend engineer',
      Campaign: 'Spring hiring',
      Status: 'Completed',
      'Completed (Europe/Paris)': '2026-07-01 12:30',
      'Score source': 'AI',
      'Answered by': 'Written answers',
      Decision: 'Advance',
      'Decision reason': 'Strong answers',
      'Decided by': 'Rita Recruiter',
    });
    expect(Number(ada['Score (out of 100)'])).toBeGreaterThan(0);
    expect(ada['AI advice']).toMatch(/^(Strong yes|Yes|No|Definitely no|No advice)$/);
    const test = rows.find((r) => r.Result === 'Technical test')!;
    expect(test).toMatchObject({ Candidate: 'Ada Lovelace', Test: 'SQL basics', 'Test score': '45 / 50', 'Score (out of 100)': '90', 'Completed (Europe/Paris)': '2026-07-01 12:30' });
    // Formula injection is neutralised as in the machine CSV.
    expect(rows.some((r) => r.Candidate === `'=HYPERLINK("http://evil.example")`)).toBe(true);
    // No internal id, no internal code, no ISO timestamp.
    expect(res.text).not.toMatch(/\b(itv|cnd|rpt|usr|cmp|job|stg|cfg|key|tst)_[A-Za-z0-9]/);
    expect(res.text).not.toMatch(/ADVANCE|STRONG_YES|NO_DECISION|COMPLETED|\d{4}-\d{2}-\d{2}T\d{2}/);
  });

  it('another zone moves the dates and is named; UTC by default; an unknown zone is a 400', async () => {
    const ny = parse((await readable('&timeZone=America/New_York')).text, { columns: true }) as Record<string, string>[];
    expect(ny[0]['Completed (America/New_York)']).toBe('2026-07-01 06:30');
    const utc = parse((await readable('')).text, { columns: true }) as Record<string, string>[];
    expect(utc[0]['Completed (UTC)']).toBe('2026-07-01 10:30');
    const bad = await readable('&timeZone=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('timeZone');
  });

  it('the dashboard downloads it with its session, and the machine CSV is unchanged beside it', async () => {
    const res = await fetch(`${app.url}/api/dashboard/export?campaignId=${setup.campaign.id}&format=readable-csv&timeZone=Europe/Paris`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.text()).split('\r\n')[0]).toContain('"Completed (Europe/Paris)"');
    const machine = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&format=csv`);
    expect(machine.text.split('\r\n')[0]).toMatch(/^"type","reportId","sourceId"/);
  });
});
