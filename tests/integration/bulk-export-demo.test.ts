import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { makeCandidate, makeInterview, makeJob } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { openTestDatabase } from '../support/test-app';

/** Issue 26: the bulk "Export selection" leaves the demo out, as the campaign's full export does. */
let database: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

describe('export selection and the demo', () => {
  it('leaves demo interviews and the sample candidate out, whether chosen by id or by filter', async () => {
    const orgId = (await createOrganization(db, { name: 'Demo Exports' })).id;
    const job = await makeJob(db, orgId, 'Support engineer');
    const real = await makeCandidate(db, orgId, { firstName: 'Real', lastName: 'Person' });
    const sample = await makeCandidate(db, orgId, { firstName: 'Sample', lastName: 'Candidate', isDemo: true });
    const realInterview = await makeInterview(db, orgId, { candidateId: real.id, jobId: job.id, status: 'COMPLETED' });
    const demoInterview = await makeInterview(db, orgId, { candidateId: sample.id, jobId: job.id, status: 'COMPLETED', isDemo: true });
    const caller = recruiterCaller(db, orgId, 'viewer');

    const byIds = await caller.bulk.exportInterviews({ selection: { mode: 'ids', ids: [realInterview.id, demoInterview.id] } });
    expect(byIds.rows).toBe(1);
    expect(byIds.csv).toContain(realInterview.id);
    expect(byIds.csv).not.toContain(demoInterview.id);

    const byFilter = await caller.bulk.exportInterviews({ selection: { mode: 'filter', filter: { jobId: job.id } } } as never);
    expect(byFilter.rows).toBe(1);
    expect(byFilter.csv).not.toContain(demoInterview.id);

    const candidatesByIds = await caller.bulk.exportCandidates({ selection: { mode: 'ids', ids: [real.id, sample.id] } });
    expect(candidatesByIds.rows).toBe(1);
    expect(candidatesByIds.csv).not.toContain(sample.id);
    const candidatesByFilter = await caller.bulk.exportCandidates({ selection: { mode: 'filter', filter: {} } } as never);
    expect(candidatesByFilter.rows).toBe(1);
    expect(candidatesByFilter.csv).toContain(real.id);
  });
});
