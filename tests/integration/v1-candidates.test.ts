import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '@/db/schema';
import { createTestOrg, makeCandidate, makeInterview, makeJob, request, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, expectValidationIssue, withoutRequestId } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const newOrg = () => createTestOrg(app.db, app.url);

async function create(org: TestOrg, body: unknown, headers: Record<string, string> = {}) {
  const res = await org.api('/api/v1/candidates', { method: 'POST', body, headers });
  expectCleanResponse(res);
  return res;
}

async function list(org: TestOrg, query = '') {
  const res = await org.api(`/api/v1/candidates${query}`);
  expectCleanResponse(res);
  return res;
}

/** Candidates with strictly increasing createdAt, so "newest first" has one right answer. */
async function seedCandidates(org: TestOrg, count: number, base = Date.UTC(2025, 0, 1)) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(await makeCandidate(app.db, org.orgId, { firstName: `First${i}`, lastName: `Last${i}`, createdAt: new Date(base + i * 1000) }));
  }
  return rows;
}

describe('POST /api/v1/candidates', () => {
  it('201 with every field, as given, plus id and timestamps', async () => {
    const org = await newOrg();
    const before = Date.now();
    const res = await create(org, {
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0100',
      locale: 'en-US',
      cvUrl: 'https://cv.example.com/grace.pdf',
      tags: ['navy', 'compilers'],
      source: 'referral',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cnd_[0-9A-Za-z]{22}$/),
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0100',
      locale: 'en-US',
      cvUrl: 'https://cv.example.com/grace.pdf',
      tags: ['navy', 'compilers'],
      source: 'referral',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    const [row] = await app.db.select().from(candidates).where(eq(candidates.id, res.body.id));
    expect(row.orgId).toBe(org.orgId);
  });

  it('defaults: locale fr, tags [], optional fields null', async () => {
    const org = await newOrg();
    const res = await create(org, { email: 'min@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'min@example.com', locale: 'fr', tags: [], firstName: null, lastName: null, phone: null, cvUrl: null, source: null });
  });

  it('trims and lower-cases the email, de-duplicates tags and canonicalises the locale', async () => {
    const org = await newOrg();
    const res = await create(org, { email: '  Alan.TURING@Example.COM ', tags: ['math', ' math ', 'crypto', 'math'], locale: 'EN-gb' });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe('alan.turing@example.com');
    expect(res.body.tags).toEqual(['math', 'crypto']);
    expect(res.body.locale).toBe('en-GB');
    const zh = await create(org, { email: 'zh@example.com', locale: 'zh-hant-tw' });
    expect(zh.body.locale).toBe('zh-Hant-TW');
  });

  it('409 CONFLICT with existingId for a duplicate email, case-insensitively; another org may reuse it', async () => {
    const org = await newOrg();
    const first = await create(org, { email: 'dup@example.com' });
    expect(first.status).toBe(201);
    const again = await create(org, { email: '  DUP@Example.com' });
    expectError(again, 409, 'CONFLICT');
    expect(again.body.error.existingId).toBe(first.body.id);
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(candidates)
      .where(and(eq(candidates.orgId, org.orgId), eq(candidates.email, 'dup@example.com')));
    expect(n).toBe(1);
    const other = await newOrg();
    expect((await create(other, { email: 'dup@example.com' })).status).toBe(201);
  });

  it.each([
    ['bad email', { email: 'not-an-email' }, 'email'],
    ['missing email', { firstName: 'No email' }, 'email'],
    ['unknown field', { email: 'a@example.com', nickname: 'x' }, 'nickname'],
    ['email of the wrong type', { email: 42 }, 'email'],
    ['tags not an array', { email: 'a@example.com', tags: 'a,b' }, 'tags'],
    ['a tag of the wrong type', { email: 'a@example.com', tags: ['ok', 7] }, 'tags'],
    ['firstName of the wrong type', { email: 'a@example.com', firstName: { first: 'x' } }, 'firstName'],
    ['cvUrl not http(s)', { email: 'a@example.com', cvUrl: 'ftp://files.example.com/cv.pdf' }, 'cvUrl'],
    ['cvUrl javascript:', { email: 'a@example.com', cvUrl: 'javascript:alert(1)' }, 'cvUrl'],
    ['more than 50 tags', { email: 'a@example.com', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    ['a tag over 50 characters', { email: 'a@example.com', tags: ['ok', 'x'.repeat(51)] }, 'tags'],
    ['an empty tag', { email: 'a@example.com', tags: ['  '] }, 'tags'],
    ['bad locale', { email: 'a@example.com', locale: 'not a locale!' }, 'locale'],
    ['locale with underscore', { email: 'a@example.com', locale: 'en_US' }, 'locale'],
    ['bad phone', { email: 'a@example.com', phone: 'call me maybe' }, 'phone'],
    ['a NUL character', { email: 'a@example.com', firstName: 'A\u0000da' }, 'firstName'],
    ['a __proto__ field', JSON.parse('{"email":"a@example.com","__proto__":{"admin":true}}'), '__proto__'],
    ['a NUL character in a tag', { email: 'a@example.com', tags: ['ok', 'b\u0000'] }, 'tags'],
  ])('400 VALIDATION_ERROR naming the field: %s', async (_name, body, field) => {
    const org = await newOrg();
    const res = await create(org, body);
    expectValidationIssue(res, field);
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(candidates).where(eq(candidates.orgId, org.orgId));
    expect(n).toBe(0);
  });

  it('exactly 50 tags of 50 characters are accepted', async () => {
    const org = await newOrg();
    const tags = Array.from({ length: 50 }, (_, i) => `${String(i).padStart(2, '0')}${'x'.repeat(48)}`);
    const res = await create(org, { email: 'many@example.com', tags });
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(tags);
  });

  it('400 for malformed JSON and for a body that is not an object', async () => {
    const org = await newOrg();
    const malformed = await org.api('/api/v1/candidates', { method: 'POST', rawBody: '{"email": "a@example.com"', headers: { 'content-type': 'application/json' } });
    expectError(malformed, 400, 'VALIDATION_ERROR');
    for (const raw of ['[]', '"a@example.com"', 'null', '42']) {
      const res = await org.api('/api/v1/candidates', { method: 'POST', rawBody: raw, headers: { 'content-type': 'application/json' } });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.issues?.length ?? 0, raw).toBeGreaterThan(0);
    }
  });

  it('400, not a server error, for a body nested thousands of levels deep', async () => {
    const org = await newOrg();
    const depth = 100_000;
    const raw = `{"email":"deep@example.com","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await org.api('/api/v1/candidates', { method: 'POST', rawBody: raw, headers: { 'content-type': 'application/json' } });
    expectValidationIssue(res, 'tags');
  });

  it('400 naming email for an empty body', async () => {
    const org = await newOrg();
    const res = await org.api('/api/v1/candidates', { method: 'POST', rawBody: '', headers: { 'content-type': 'application/json' } });
    expectValidationIssue(res, 'email');
  });

  it('415 for a body that is not JSON', async () => {
    const org = await newOrg();
    const text = await org.api('/api/v1/candidates', { method: 'POST', rawBody: 'email=a@example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const plain = await org.api('/api/v1/candidates', { method: 'POST', rawBody: '{"email":"a@example.com"}', headers: { 'content-type': 'text/plain' } });
    expectError(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(candidates).where(eq(candidates.orgId, org.orgId));
    expect(n).toBe(0);
  });

  it('413 for a body over 1 MiB', async () => {
    const org = await newOrg();
    const big = JSON.stringify({ email: 'big@example.com', source: 'x'.repeat(1024 * 1024) });
    const res = await org.api('/api/v1/candidates', { method: 'POST', rawBody: big, headers: { 'content-type': 'application/json' } });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('GET /api/v1/candidates', () => {
  it('defaults to page 1 of 20, newest first, with the pagination envelope', async () => {
    const org = await newOrg();
    const rows = await seedCandidates(org, 23);
    const res = await list(org);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, pageSize: 20, total: 23, totalPages: 2 });
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(rows.slice(3).reverse().map((r) => r.id));
    expect(Object.keys(res.body.items[0]).sort()).toEqual(
      ['id', 'email', 'firstName', 'lastName', 'phone', 'locale', 'cvUrl', 'tags', 'source', 'createdAt', 'updatedAt'].sort(),
    );
    const page2 = await list(org, '?page=2');
    expect(page2.body.items.map((c: { id: string }) => c.id)).toEqual(rows.slice(0, 3).reverse().map((r) => r.id));
  });

  it('orders by createdAt desc then id desc, stable across pages, even when timestamps tie', async () => {
    const org = await newOrg();
    const tie = new Date(Date.UTC(2025, 5, 1));
    const tied = [];
    for (let i = 0; i < 7; i++) tied.push(await makeCandidate(app.db, org.orgId, { createdAt: tie }));
    const newer = await makeCandidate(app.db, org.orgId, { createdAt: new Date(tie.getTime() + 1000) });
    const expected = [newer.id, ...tied.map((r) => r.id).sort().reverse()];
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(org, `?page=${page}&pageSize=3`);
      expect(res.body.pagination).toEqual({ page, pageSize: 3, total: 8, totalPages: 3 });
      seen.push(...res.body.items.map((c: { id: string }) => c.id));
    }
    expect(seen).toEqual(expected);
  });

  it('pageSize 100 is accepted; 101 and 0 are 400; page 0 is 400; a page past the end is empty', async () => {
    const org = await newOrg();
    await seedCandidates(org, 3);
    const max = await list(org, '?pageSize=100');
    expect(max.status).toBe(200);
    expect(max.body.pagination).toEqual({ page: 1, pageSize: 100, total: 3, totalPages: 1 });
    expectValidationIssue(await list(org, '?pageSize=101'), 'pageSize');
    expectValidationIssue(await list(org, '?pageSize=0'), 'pageSize');
    expectValidationIssue(await list(org, '?page=0'), 'page');
    expectValidationIssue(await list(org, '?page=-1'), 'page');
    expectValidationIssue(await list(org, '?page=abc'), 'page');
    expectValidationIssue(await list(org, '?pageSize=2.5'), 'pageSize');
    expectValidationIssue(await list(org, '?colour=blue'), 'colour');
    expectValidationIssue(await list(org, '?page=1&page=2'), 'page');
    for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      expectValidationIssue(await list(org, `?${name}=x`), name);
      expectValidationIssue(await list(org, `?${name}=x&${name}=y`), name);
    }
    expectValidationIssue(await list(org, `?search=${'s'.repeat(201)}`), 'search');
    // PostgreSQL text cannot hold U+0000: the client hears about it, the database never sees it.
    expectValidationIssue(await list(org, '?search=a%00b'), 'search');
    expectValidationIssue(await list(org, '?tags=a%00'), 'tags');
    expectValidationIssue(await list(org, '?jobId=%00'), 'jobId');
    const past = await list(org, '?page=5&pageSize=2');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ items: [], pagination: { page: 5, pageSize: 2, total: 3, totalPages: 2 } });
  });

  it('only lists the caller organization', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const mine = await makeCandidate(app.db, org.orgId);
    await makeCandidate(app.db, other.orgId);
    const res = await list(org);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect(res.body.pagination.total).toBe(1);
  });

  it('search matches first name, last name, "first last" and email, case-insensitively', async () => {
    const org = await newOrg();
    const ada = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@analytical.example' });
    const alan = await makeCandidate(app.db, org.orgId, { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' });
    const nameless = await makeCandidate(app.db, org.orgId, { firstName: null, lastName: null, email: 'anon@nowhere.example' });
    const ids = async (q: string) => ((await list(org, `?search=${encodeURIComponent(q)}`)).body.items as { id: string }[]).map((c) => c.id).sort();
    expect(await ids('ADA')).toEqual([ada.id]);
    expect(await ids('lovel')).toEqual([ada.id]);
    expect(await ids('ada lovelace')).toEqual([ada.id]);
    expect(await ids('Alan Turing')).toEqual([alan.id]);
    expect(await ids('BLETCHLEY')).toEqual([alan.id]);
    expect(await ids('anon@')).toEqual([nameless.id]);
    expect(await ids('.example')).toEqual([ada.id, alan.id, nameless.id].sort());
    expect(await ids('grace')).toEqual([]);
  });

  it('search treats % and _ literally', async () => {
    const org = await newOrg();
    const percent = await makeCandidate(app.db, org.orgId, { firstName: '100%', lastName: 'Sure', email: 'p@example.com' });
    const underscore = await makeCandidate(app.db, org.orgId, { firstName: 'snake_case', lastName: 'Fan', email: 'u@example.com' });
    await makeCandidate(app.db, org.orgId, { firstName: 'snakeXcase', lastName: 'Other', email: 'x@example.com' });
    await makeCandidate(app.db, org.orgId, { firstName: '1000', lastName: 'Plain', email: 'y@example.com' });
    const ids = async (q: string) => ((await list(org, `?search=${encodeURIComponent(q)}`)).body.items as { id: string }[]).map((c) => c.id);
    expect(await ids('%')).toEqual([percent.id]);
    expect(await ids('0%')).toEqual([percent.id]);
    expect(await ids('e_c')).toEqual([underscore.id]);
    expect(await ids('_')).toEqual([underscore.id]);
    expect(await ids('\\')).toEqual([]);
  });

  it('jobId lists the candidates with an interview for that job', async () => {
    const org = await newOrg();
    const jobA = await makeJob(app.db, org.orgId, 'A');
    const jobB = await makeJob(app.db, org.orgId, 'B');
    const both = await makeCandidate(app.db, org.orgId);
    const onlyA = await makeCandidate(app.db, org.orgId);
    const onlyB = await makeCandidate(app.db, org.orgId);
    await makeCandidate(app.db, org.orgId);
    await makeInterview(app.db, org.orgId, { candidateId: both.id, jobId: jobA.id });
    await makeInterview(app.db, org.orgId, { candidateId: both.id, jobId: jobA.id });
    await makeInterview(app.db, org.orgId, { candidateId: both.id, jobId: jobB.id });
    await makeInterview(app.db, org.orgId, { candidateId: onlyA.id, jobId: jobA.id });
    await makeInterview(app.db, org.orgId, { candidateId: onlyB.id, jobId: jobB.id });
    const a = await list(org, `?jobId=${jobA.id}`);
    expect(a.body.items.map((c: { id: string }) => c.id).sort()).toEqual([both.id, onlyA.id].sort());
    expect(a.body.pagination.total).toBe(2);
    const other = await newOrg();
    const foreign = await list(other, `?jobId=${jobA.id}`);
    expect(foreign.body).toEqual({ items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
    expect((await list(org, '?jobId=job_doesnotexist00000000')).body.items).toEqual([]);
  });

  it('tags (comma-separated) lists the candidates having all of them', async () => {
    const org = await newOrg();
    const js = await makeCandidate(app.db, org.orgId, { tags: ['js'] });
    const jsTs = await makeCandidate(app.db, org.orgId, { tags: ['js', 'ts', 'senior'] });
    const ts = await makeCandidate(app.db, org.orgId, { tags: ['ts'] });
    await makeCandidate(app.db, org.orgId, { tags: [] });
    const ids = async (q: string) => ((await list(org, `?tags=${encodeURIComponent(q)}`)).body.items as { id: string }[]).map((c) => c.id).sort();
    expect(await ids('js')).toEqual([js.id, jsTs.id].sort());
    expect(await ids('ts')).toEqual([jsTs.id, ts.id].sort());
    expect(await ids('js,ts')).toEqual([jsTs.id]);
    expect(await ids(' ts , js ')).toEqual([jsTs.id]);
    expect(await ids('js,go')).toEqual([]);
    expect(await ids('JS')).toEqual([]);
  });

  it('filters combine', async () => {
    const org = await newOrg();
    const job = await makeJob(app.db, org.orgId);
    const match = await makeCandidate(app.db, org.orgId, { firstName: 'Match', tags: ['x'] });
    const wrongTag = await makeCandidate(app.db, org.orgId, { firstName: 'Match', tags: ['y'] });
    const noInterview = await makeCandidate(app.db, org.orgId, { firstName: 'Match', tags: ['x'] });
    await makeInterview(app.db, org.orgId, { candidateId: match.id, jobId: job.id });
    await makeInterview(app.db, org.orgId, { candidateId: wrongTag.id, jobId: job.id });
    void noInterview;
    const res = await list(org, `?search=match&tags=x&jobId=${job.id}`);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([match.id]);
  });
});

describe('GET /api/v1/candidates/:id', () => {
  it('returns the candidate', async () => {
    const org = await newOrg();
    const created = await create(org, { email: 'get@example.com', firstName: 'Get', tags: ['a'] });
    const res = await org.api(`/api/v1/candidates/${created.body.id}`);
    expectCleanResponse(res);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it("another organization's id and a malformed id are 404, indistinguishable from a missing one", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const foreign = await makeCandidate(app.db, other.orgId);
    const responses = await Promise.all(
      [foreign.id, 'cnd_doesnotexist0000000000', 'nope', 'itv_0000000000000000000000', `${foreign.id}x`, '%20', 'cnd_%00'].map((id) => org.api(`/api/v1/candidates/${id}`)),
    );
    for (const res of responses) {
      expectError(res, 404, 'NOT_FOUND');
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(responses[0].body));
    }
    expect(responses[0].body.error.message).toBe('Candidate not found');
    expect((await other.api(`/api/v1/candidates/${foreign.id}`)).status).toBe(200);
  });

  it('a path that is not valid percent-encoded UTF-8 is a 400 envelope, not a server error', async () => {
    const org = await newOrg();
    for (const id of ['cnd_%E0%A4%A', 'cnd_%E0%A4', '%']) {
      expectError(await org.api(`/api/v1/candidates/${id}`), 400, 'VALIDATION_ERROR');
    }
  });

  it('401 without a key does not reveal whether the candidate exists', async () => {
    const org = await newOrg();
    const c = await makeCandidate(app.db, org.orgId);
    const res = await request(app.url, `/api/v1/candidates/${c.id}`);
    expectError(res, 401, 'UNAUTHORIZED');
  });
});
