import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, turns } from '@/db/schema';
import { getAgentContext } from '@/server/services/interviews/get-agent-context';
import { getHistory } from '@/server/services/turns/get-history';
import { recordTurn } from '@/server/services/turns/record-turn';
import { updateTurn } from '@/server/services/turns/update-turn';
import { agentApi, makeAgentInterview } from '../support/agent';
import { createTestOrg, makeCandidate, makeInterview, makeJob } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const post = (id: string, body: unknown, init: { rawBody?: string; headers?: Record<string, string> } = {}) =>
  agentApi(app.url, `/api/interviews/${id}/turns`, { method: 'POST', ...(init.rawBody !== undefined ? {} : { body }), ...init });
const patch = (id: string, n: number | string, body: unknown, init: { rawBody?: string; headers?: Record<string, string> } = {}) =>
  agentApi(app.url, `/api/interviews/${id}/turns/${n}`, { method: 'PATCH', ...(init.rawBody !== undefined ? {} : { body }), ...init });
const history = async (id: string) => (await agentApi(app.url, `/api/interviews/${id}/history`)).body;

async function freshInterview(fields: Parameters<typeof makeAgentInterview>[2] = {}) {
  const org = await createTestOrg(app.db, app.url);
  return { org, ...(await makeAgentInterview(app.db, org.orgId, fields)) };
}

async function storedInterview(id: string) {
  const [row] = await app.db.select().from(interviews).where(eq(interviews.id, id));
  return row;
}

describe('POST /api/interviews/:id/turns', () => {
  it('201 with the turn; the first turn moves INVITED to IN_PROGRESS with startedAt', async () => {
    const { interview } = await freshInterview();
    const res = await post(interview.id, { turnNumber: 1, role: 'agent', content: 'Hello Grace.', isPendingQuestion: true, audioUrl: 'https://media.example.com/t1.ogg' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.body).toEqual({
      turnNumber: 1,
      role: 'agent',
      content: 'Hello Grace.',
      audioUrl: 'https://media.example.com/t1.ogg',
      isPendingQuestion: true,
      evaluation: null,
      startedAt: null,
      endedAt: null,
      offsetMs: null,
      durationMs: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const stored = await storedInterview(interview.id);
    expect(stored.status).toBe('IN_PROGRESS');
    expect(stored.startedAt).toBeInstanceOf(Date);
    const startedAt = stored.startedAt!.getTime();

    expect((await post(interview.id, { turnNumber: 2, role: 'candidate' })).status).toBe(201);
    expect((await storedInterview(interview.id)).startedAt!.getTime()).toBe(startedAt);
  });

  it('a DRAFT interview starts too; its turns show in the v1 transcript', async () => {
    const { org, interview } = await freshInterview({ status: 'DRAFT', invitedAt: null });
    expect((await post(interview.id, { turnNumber: 1, role: 'agent', content: 'Q' })).status).toBe(201);
    expect((await storedInterview(interview.id)).status).toBe('IN_PROGRESS');
    const v1 = await org.api(`/api/v1/interviews/${interview.id}`);
    expect(v1.status).toBe(200);
    expect(v1.body.status).toBe('IN_PROGRESS');
    expect(v1.body.transcript).toMatchObject([{ turnNumber: 1, role: 'agent', content: 'Q' }]);
  });

  it('the same turn again with the same fields is a retry: 200 with the stored turn', async () => {
    const { interview } = await freshInterview();
    const body = { turnNumber: 1, role: 'candidate', content: 'I like Rust.', evaluation: { scores: { technical: 7 }, flags: [], comment: 'ok', extra: { a: 1, b: [1, 2] } } };
    const first = await post(interview.id, body);
    expect(first.status).toBe(201);
    const again = await post(interview.id, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Key order and explicit defaults do not make a different turn.
    const reordered = { evaluation: { extra: { b: [1, 2], a: 1 }, comment: 'ok', flags: [], scores: { technical: 7 } }, audioUrl: null, isPendingQuestion: false, content: 'I like Rust.', role: 'candidate', turnNumber: 1 };
    expect((await post(interview.id, reordered)).status).toBe(200);

    expect((await post(interview.id, { turnNumber: 2, role: 'agent' })).status).toBe(201);
    expect((await post(interview.id, { turnNumber: 2, role: 'agent', content: '' })).status).toBe(200);
    const rows = await app.db.select().from(turns).where(eq(turns.interviewId, interview.id));
    expect(rows).toHaveLength(2);
  });

  it('the same turn number with other fields is 409 CONFLICT and changes nothing', async () => {
    const { interview } = await freshInterview();
    const body = { turnNumber: 3, role: 'candidate', content: 'Original', evaluation: { scores: { technical: 5 } } };
    expect((await post(interview.id, body)).status).toBe(201);
    for (const other of [
      { ...body, content: 'Changed' },
      { ...body, role: 'agent' },
      { ...body, evaluation: { scores: { technical: 6 } } },
      { ...body, evaluation: undefined },
      { ...body, audioUrl: 'https://media.example.com/x.ogg' },
    ]) {
      const res = await post(interview.id, other);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
      expect(res.body.error.message).toContain('Turn 3');
    }
    const [row] = await app.db.select().from(turns).where(and(eq(turns.interviewId, interview.id), eq(turns.turnNumber, 3)));
    expect(row.content).toBe('Original');
    expect(row.evaluation).toEqual({ scores: { technical: 5 } });
  });

  it('400 with issues for every invalid field; nothing is stored', async () => {
    const { interview } = await freshInterview();
    const valid = { turnNumber: 1, role: 'agent' };
    const cases: [unknown, string][] = [
      [{ ...valid, turnNumber: 0 }, 'turnNumber'],
      [{ ...valid, turnNumber: -1 }, 'turnNumber'],
      [{ ...valid, turnNumber: 10001 }, 'turnNumber'],
      [{ ...valid, turnNumber: 1.5 }, 'turnNumber'],
      [{ ...valid, turnNumber: '1' }, 'turnNumber'],
      [{ ...valid, turnNumber: null }, 'turnNumber'],
      [{ role: 'agent' }, 'turnNumber'],
      [{ ...valid, role: 'bot' }, 'role'],
      [{ ...valid, role: 'Agent' }, 'role'],
      [{ turnNumber: 1 }, 'role'],
      [{ ...valid, content: 'x'.repeat(20_001) }, 'content'],
      [{ ...valid, content: 42 }, 'content'],
      [{ ...valid, content: 'nul \u0000 byte' }, 'content'],
      [{ ...valid, audioUrl: 'ftp://media.example.com/a.ogg' }, 'audioUrl'],
      [{ ...valid, audioUrl: 'javascript:alert(1)' }, 'audioUrl'],
      [{ ...valid, audioUrl: 'not a url' }, 'audioUrl'],
      [{ ...valid, isPendingQuestion: 'yes' }, 'isPendingQuestion'],
      [{ turnNumber: 1, role: 'candidate', isPendingQuestion: true }, 'isPendingQuestion'],
      [{ ...valid, evaluation: [1, 2] }, 'evaluation'],
      [{ ...valid, evaluation: 'good' }, 'evaluation'],
      [{ ...valid, evaluation: { scores: { technical: 11 } } }, 'evaluation.scores.technical'],
      [{ ...valid, evaluation: { scores: { technical: -0.5 } } }, 'evaluation.scores.technical'],
      [{ ...valid, evaluation: { scores: { technical: '7' } } }, 'evaluation.scores.technical'],
      [{ ...valid, evaluation: { scores: [7] } }, 'evaluation.scores'],
      [{ ...valid, evaluation: { flags: [1] } }, 'evaluation.flags.0'],
      [{ ...valid, evaluation: { flags: 'late' } }, 'evaluation.flags'],
      [{ ...valid, evaluation: { comment: 5 } }, 'evaluation.comment'],
      [{ ...valid, evaluation: { notes: 'x'.repeat(17 * 1024) } }, 'evaluation'],
      [{ ...valid, evaluation: { notes: 'bad \u0000' } }, 'evaluation.notes'],
      [{ ...valid, evaluation: { deep: JSON.parse('['.repeat(40) + ']'.repeat(40)) } }, 'evaluation'],
      [{ ...valid, speaker: 'agent' }, 'speaker'],
    ];
    for (const [body, path] of cases) {
      const res = await post(interview.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      const paths = res.body.error.issues.map((i: { path: string }) => i.path);
      expect(paths, JSON.stringify(body).slice(0, 80)).toContain(path);
    }
    expect((await history(interview.id)).turns).toEqual([]);
    expect((await storedInterview(interview.id)).status).toBe('INVITED');
  });

  it('accepts the limits exactly: turn 10000, 20,000 characters, an evaluation just under 16 KiB, other keys kept', async () => {
    const { interview } = await freshInterview();
    expect((await post(interview.id, { turnNumber: 10_000, role: 'agent', content: 'x'.repeat(20_000) })).status).toBe(201);
    const evaluation = { scores: { technical: 0, communication: 10, depth: 7.5 }, flags: ['off_topic'], comment: 'fine', model: 'gpt', notes: 'n'.repeat(15 * 1024) };
    const res = await post(interview.id, { turnNumber: 2, role: 'candidate', content: '', evaluation });
    expect(res.status).toBe(201);
    expect(res.body.evaluation).toEqual(evaluation);
    expect(res.body.content).toBe('');
  });

  it('413 for a body over 256 KiB, 415 for a body that is not JSON, 400 for malformed, empty or non-object bodies', async () => {
    const { interview } = await freshInterview();
    const big = await post(interview.id, undefined, { rawBody: JSON.stringify({ turnNumber: 1, role: 'agent', content: 'x'.repeat(300 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await post(interview.id, undefined, { rawBody: 'turnNumber=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.status).toBe(415);
    const malformed = await post(interview.id, undefined, { rawBody: '{"turnNumber": 1,', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
    expect((await post(interview.id, undefined, { rawBody: '', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const bodiless = await agentApi(app.url, `/api/interviews/${interview.id}/turns`, { method: 'POST' });
    expect(bodiless.status).toBe(400);
    expect(bodiless.body.error.message).toContain('body is required');
    expect((await post(interview.id, [{ turnNumber: 1, role: 'agent' }])).status).toBe(400);
    expect((await post(interview.id, null)).status).toBe(400);
    expect((await history(interview.id)).turns).toEqual([]);
  });

  it('409 on COMPLETED, CANCELLED and EXPIRED interviews, and on INVITED or DRAFT ones past expiresAt', async () => {
    const past = new Date(Date.now() - 60_000);
    const cases = [
      { status: 'COMPLETED' as const, completedAt: new Date(), startedAt: past },
      { status: 'CANCELLED' as const, cancelledAt: new Date() },
      { status: 'EXPIRED' as const, expiresAt: past },
      { status: 'INVITED' as const, expiresAt: past },
      { status: 'DRAFT' as const, expiresAt: past },
    ];
    for (const fields of cases) {
      const { interview } = await freshInterview(fields);
      if (fields.status === 'COMPLETED' || fields.status === 'CANCELLED') {
        await app.db.insert(turns).values({ interviewId: interview.id, orgId: interview.orgId, turnNumber: 1, role: 'agent', content: 'Q' });
      }
      const res = await post(interview.id, { turnNumber: 2, role: 'candidate', content: 'A' });
      expect(res.status, `${fields.status} ${fields.expiresAt ? 'expired' : ''}`).toBe(409);
      expect(res.body.error.code).toBe('INVALID_STATE');
      const edit = await patch(interview.id, 1, { content: 'edited' });
      expect(edit.status).toBe(409);
      expect(edit.body.error.code).toBe('INVALID_STATE');
      const stored = await storedInterview(interview.id);
      // The expiry sweep (every minute in this app's worker) may persist EXPIRED for the lapsed invitation meanwhile.
      expect(fields.status === 'INVITED' && fields.expiresAt ? ['INVITED', 'EXPIRED'] : [fields.status]).toContain(stored.status);
      expect(stored.startedAt?.getTime()).toBe(fields.status === 'COMPLETED' ? past.getTime() : undefined);
    }
  });
});

describe('pending question', () => {
  it('a candidate turn clears the pending question; a new question replaces an older one', async () => {
    const { interview } = await freshInterview();
    await post(interview.id, { turnNumber: 1, role: 'agent', content: 'Q1?', isPendingQuestion: true });
    let h = await history(interview.id);
    expect(h.pendingQuestion).toMatchObject({ turnNumber: 1, content: 'Q1?', isPendingQuestion: true });

    await post(interview.id, { turnNumber: 2, role: 'candidate', content: '' });
    h = await history(interview.id);
    expect(h.pendingQuestion).toBeNull();
    expect(h.turns.map((t: { isPendingQuestion: boolean }) => t.isPendingQuestion)).toEqual([false, false]);

    // The question's retry still matches after its answer cleared the flag.
    expect((await post(interview.id, { turnNumber: 1, role: 'agent', content: 'Q1?', isPendingQuestion: true })).status).toBe(200);

    await post(interview.id, { turnNumber: 3, role: 'agent', content: 'Q2?', isPendingQuestion: true });
    await post(interview.id, { turnNumber: 4, role: 'agent', content: 'Or rather Q3?', isPendingQuestion: true });
    h = await history(interview.id);
    expect(h.pendingQuestion.turnNumber).toBe(4);
    expect(h.turns.filter((t: { isPendingQuestion: boolean }) => t.isPendingQuestion)).toHaveLength(1);

    // A question that arrives after its answer is not pending.
    await post(interview.id, { turnNumber: 7, role: 'candidate', content: 'late answer' });
    await post(interview.id, { turnNumber: 6, role: 'agent', content: 'late question', isPendingQuestion: true });
    h = await history(interview.id);
    expect(h.pendingQuestion).toBeNull();
    expect(h.turns.filter((t: { isPendingQuestion: boolean }) => t.isPendingQuestion)).toHaveLength(0);

    // A stored non-pending question with no later turn is a different turn from a pending one.
    await post(interview.id, { turnNumber: 8, role: 'agent', content: 'statement' });
    expect((await post(interview.id, { turnNumber: 8, role: 'agent', content: 'statement', isPendingQuestion: true })).status).toBe(409);
  });
});

describe('concurrency', () => {
  it('50 concurrent POSTs of distinct turns on one interview: each stored exactly once, started once', async () => {
    const { interview } = await freshInterview();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(interview.id, { turnNumber: i + 1, role: i % 2 === 0 ? 'agent' : 'candidate', content: `turn ${i + 1}`, isPendingQuestion: i % 2 === 0 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const rows = await app.db.select().from(turns).where(eq(turns.interviewId, interview.id));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.turnNumber)).size).toBe(50);
    for (const row of rows) expect(row.content).toBe(`turn ${row.turnNumber}`);
    // Whatever the order they ran in, at most one question is left pending.
    expect(rows.filter((r) => r.isPendingQuestion).length).toBeLessThanOrEqual(1);
    const h = await history(interview.id);
    expect(h.turns.map((t: { turnNumber: number }) => t.turnNumber)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(h.status).toBe('IN_PROGRESS');
  });

  it('50 concurrent POSTs of the same turn: one 201, the rest 200, one row', async () => {
    const { interview } = await freshInterview();
    const body = { turnNumber: 1, role: 'agent', content: 'Same', isPendingQuestion: true };
    const results = await Promise.all(Array.from({ length: 50 }, () => post(interview.id, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(await app.db.$count(turns, eq(turns.interviewId, interview.id))).toBe(1);
  });
});

describe('PATCH /api/interviews/:id/turns/:turnNumber', () => {
  it('200 with the updated turn; only the given fields change', async () => {
    const { interview } = await freshInterview();
    const created = await post(interview.id, { turnNumber: 2, role: 'candidate', content: '', audioUrl: 'https://media.example.com/live.ogg' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await patch(interview.id, 2, { content: 'Final transcript.', evaluation: { scores: { communication: 8 }, flags: ['hesitation'], comment: 'clear' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.body).toMatchObject({
      turnNumber: 2,
      role: 'candidate',
      content: 'Final transcript.',
      audioUrl: 'https://media.example.com/live.ogg',
      evaluation: { scores: { communication: 8 }, flags: ['hesitation'], comment: 'clear' },
    });
    expect(res.body.createdAt).toBe(created.body.createdAt);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
    const audio = await patch(interview.id, 2, { audioUrl: 'https://media.example.com/final.ogg' });
    expect(audio.body).toMatchObject({ content: 'Final transcript.', audioUrl: 'https://media.example.com/final.ogg', evaluation: { scores: { communication: 8 } } });
  });

  it('400 for an empty body, unknown or invalid fields and a malformed turn number; 404 for an unknown turn; 413 past 256 KiB', async () => {
    const { interview } = await freshInterview();
    await post(interview.id, { turnNumber: 1, role: 'candidate', content: 'x' });
    for (const body of [{}, { role: 'agent' }, { isPendingQuestion: false }, { content: 'x'.repeat(20_001) }, { evaluation: { scores: { a: 10.5 } } }, { evaluation: { blob: 'x'.repeat(17 * 1024) } }, { audioUrl: 'file:///etc/passwd' }]) {
      const res = await patch(interview.id, 1, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await patch(interview.id, 1, undefined, { rawBody: '', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await agentApi(app.url, `/api/interviews/${interview.id}/turns/1`, { method: 'PATCH' })).status).toBe(400);
    for (const n of ['abc', '0', '1.5', '-1', '10001', '01']) {
      const res = await patch(interview.id, n, { content: 'y' });
      expect(res.status, n).toBe(400);
      expect(res.body.error.issues[0].path).toBe('turnNumber');
    }
    const missing = await patch(interview.id, 2, { content: 'y' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const big = await patch(interview.id, 1, undefined, { rawBody: JSON.stringify({ content: 'x'.repeat(300 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    const [row] = await app.db.select().from(turns).where(eq(turns.interviewId, interview.id));
    expect(row.content).toBe('x');
  });
});

describe('GET /api/interviews/:id/history and /context', () => {
  it('history: the turns in order, the effective status and the pending question', async () => {
    const { interview } = await freshInterview();
    let h = await history(interview.id);
    expect(h).toEqual({ interviewId: interview.id, status: 'INVITED', turns: [], pendingQuestion: null });
    await post(interview.id, { turnNumber: 3, role: 'agent', content: 'Third?', isPendingQuestion: true });
    await post(interview.id, { turnNumber: 1, role: 'agent', content: 'First' });
    await post(interview.id, { turnNumber: 2, role: 'candidate', content: 'Second' });
    h = await history(interview.id);
    expect(h.status).toBe('IN_PROGRESS');
    expect(h.turns.map((t: { turnNumber: number }) => t.turnNumber)).toEqual([1, 2, 3]);
    expect(h.pendingQuestion).toMatchObject({ turnNumber: 3, content: 'Third?' });

    const { interview: expired } = await freshInterview({ expiresAt: new Date(Date.now() - 1000) });
    expect((await history(expired.id)).status).toBe('EXPIRED');
  });

  it('context: first name and locale, job title, questions and criteria, expiresAt, status; nothing more about the candidate', async () => {
    const { interview, config, job, candidate } = await freshInterview();
    const res = await agentApi(app.url, `/api/interviews/${interview.id}/context`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      interviewId: interview.id,
      status: 'INVITED',
      expiresAt: interview.expiresAt.toISOString(),
      startedAt: null,
      candidate: { firstName: 'Grace', locale: 'en-GB' },
      job: { title: job.title },
      configId: config.id,
      configLocale: 'en',
      // The language to speak: the configuration's (one interview, one language).
      language: 'en',
      questions: [
        { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
        { id: 'q2', text: 'Describe a hard bug you fixed.', criterion: 'technical' },
      ],
      criteria: [
        { key: 'communication', label: 'Communication', weight: 1 },
        { key: 'technical', label: 'Technical depth', weight: 2 },
      ],
    });
    expect(res.text).not.toContain(candidate.email);

    const org = await createTestOrg(app.db, app.url);
    const bare = await makeInterview(app.db, org.orgId, { candidateId: (await makeCandidate(app.db, org.orgId)).id, jobId: (await makeJob(app.db, org.orgId, 'Designer')).id });
    const plain = await agentApi(app.url, `/api/interviews/${bare.id}/context`);
    expect(plain.body).toMatchObject({ job: { title: 'Designer' }, configId: null, configLocale: null, questions: [], criteria: [], candidate: { locale: 'fr' }, language: 'fr' });
  });
});

describe('services keep the organization in every query', () => {
  it("another organization's id is not found, exactly like a missing one", async () => {
    const { interview } = await freshInterview();
    const other = await createTestOrg(app.db, app.url);
    const scope = { orgId: other.orgId, interviewId: interview.id };
    await expect(recordTurn(app.db, { ...scope, turnNumber: 1, role: 'agent' })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(updateTurn(app.db, { ...scope, turnNumber: 1, content: 'x' })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(getHistory(app.db, scope)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(getAgentContext(app.db, scope)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    expect((await history(interview.id)).turns).toEqual([]);
  });
});
