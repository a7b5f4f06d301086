import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import { candidates } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { toAppError } from '@/server/errors';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { makeCampaign, makeCandidate, makeInterview, makeJob, makeKey } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { makeRecruiter } from '../support/recruiters';
import { openTestDatabase } from '../support/test-app';

/** Settings → Audit log reads names, not ids: who (user, key), what (candidate, interview, campaign), in the org only. */
let database: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

describe('auditEvents.listReadable', () => {
  it("names the actor and the record, links the record's page, and marks an erased one as gone", async () => {
    const orgId = (await createOrganization(db, { name: 'Readable Inc' })).id;
    const admin = await makeRecruiter(db, orgId, { name: 'Ada Admin', email: 'ada.readable@example.com' });
    const key = await makeKey(db, orgId, ['interviews:read']);
    const candidate = await makeCandidate(db, orgId, { firstName: 'Sofia', lastName: 'Garcia' });
    const job = await makeJob(db, orgId, 'Data analyst');
    const campaign = await makeCampaign(db, orgId, job.id, 'Autumn hiring');
    const interview = await makeInterview(db, orgId, { candidateId: candidate.id, jobId: job.id });
    const erased = await makeCandidate(db, orgId, { firstName: 'Gone', lastName: 'Person' });
    const asUser = { actor: { type: 'user' as const, id: admin.id }, requestId: 'req_1' };
    await recordAuditEvent(db, { orgId, audit: asUser, action: 'candidate.updated', targetType: 'candidate', targetId: candidate.id, details: { fields: ['firstName'] } });
    await recordAuditEvent(db, { orgId, audit: { actor: { type: 'api_key', id: key.id }, requestId: null }, action: 'interview.created', targetType: 'interview', targetId: interview.id, details: { candidateId: candidate.id } });
    await recordAuditEvent(db, { orgId, audit: asUser, action: 'campaign.results_exported', targetType: 'campaign', targetId: campaign.id, details: { format: 'csv' } });
    await recordAuditEvent(db, { orgId, audit: asUser, action: 'candidate.erased', targetType: 'candidate', targetId: erased.id, details: {} });
    await db.delete(candidates).where(eq(candidates.id, erased.id));

    const page = await recruiterCaller(db, orgId, 'admin', admin.id).auditEvents.listReadable({ page: 1, pageSize: 20 });
    const byAction = Object.fromEntries(page.items.map((e) => [e.action, e]));
    expect(byAction['candidate.updated']).toMatchObject({ actorName: 'Ada Admin', actorEmail: 'ada.readable@example.com', targetName: 'Sofia Garcia', targetHref: `/candidates/${candidate.id}`, targetGone: false });
    expect(byAction['interview.created']).toMatchObject({ actorName: key.name, targetName: 'Sofia Garcia · Data analyst', targetHref: `/interviews/${interview.id}` });
    expect(byAction['campaign.results_exported']).toMatchObject({ targetName: 'Autumn hiring', targetHref: `/campaigns/${campaign.id}` });
    expect(byAction['candidate.erased']).toMatchObject({ targetName: null, targetHref: null, targetGone: true });
    // v1 keeps ids only.
    const v1 = await recruiterCaller(db, orgId, 'admin', admin.id).auditEvents.list({ page: 1, pageSize: 20 });
    expect(JSON.stringify(v1)).not.toContain('Sofia');
  });

  it("never names another organization's records, even when an entry carries their ids", async () => {
    const mine = (await createOrganization(db, { name: 'Mine' })).id;
    const theirs = (await createOrganization(db, { name: 'Theirs' })).id;
    const stranger = await makeRecruiter(db, theirs, { name: 'Stranger Danger' });
    const secret = await makeCandidate(db, theirs, { firstName: 'Secret', lastName: 'Candidate' });
    const job = await makeJob(db, theirs, 'Secret job');
    const interview = await makeInterview(db, theirs, { candidateId: secret.id, jobId: job.id });
    await recordAuditEvent(db, { orgId: mine, audit: { actor: { type: 'user', id: stranger.id }, requestId: null }, action: 'candidate.updated', targetType: 'candidate', targetId: secret.id, details: {} });
    await recordAuditEvent(db, { orgId: mine, audit: { actor: { type: 'user', id: stranger.id }, requestId: null }, action: 'interview.cancelled', targetType: 'interview', targetId: interview.id, details: {} });
    await recordAuditEvent(db, { orgId: theirs, audit: { actor: { type: 'user', id: stranger.id }, requestId: null }, action: 'candidate.updated', targetType: 'candidate', targetId: secret.id, details: {} });
    const page = await recruiterCaller(db, mine, 'admin').auditEvents.listReadable({ page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(2);
    const text = JSON.stringify(page.items);
    for (const leak of ['Secret', 'Stranger', 'Secret job']) expect(text).not.toContain(leak);
    expect(page.items.every((e) => e.actorName === null && e.targetName === null)).toBe(true);
  });

  it('is for admins only', async () => {
    const orgId = (await createOrganization(db, { name: 'Roles' })).id;
    for (const role of ['recruiter', 'viewer'] as const) {
      const error = await recruiterCaller(db, orgId, role)
        .auditEvents.listReadable({ page: 1, pageSize: 20 })
        .then(() => null, toAppError);
      expect(error?.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a malformed filter with a clear error', async () => {
    const orgId = (await createOrganization(db, { name: 'Filters' })).id;
    const error = await recruiterCaller(db, orgId, 'admin')
      .auditEvents.listReadable({ page: 1, pageSize: 20, since: 'yesterday' } as never)
      .then(() => null, toAppError);
    // Through a caller the zod refusal is tRPC's BAD_REQUEST (the HTTP surfaces turn it into VALIDATION_ERROR, 400).
    expect(['VALIDATION_ERROR', 'BAD_REQUEST']).toContain(error?.code);
  });
});
