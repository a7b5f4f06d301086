import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type AshbyUpdate = { authorization: string | undefined; accept: string | undefined; body: any; answeredWith: number; receivedAt: number };

/**
 * Ashby's side of its Assessments Partner API (developers.ashbyhq.com/docs/creating-an-assessments-integration),
 * run locally. As Ashby, it POSTs assessment.list, assessment.start and assessment.cancel to the partner's base
 * URL with HTTP Basic (the partner key as the username, the password blank: Ashby's reference authenticates every
 * operation so). As Ashby's API (api.ashbyhq.com), it takes `POST /assessment.update`, authenticated with the
 * customer's Ashby API key the same way, and answers the n-th update of an assessment with a given status value
 * ("Started", "Completed", …) as `answer(n, status)` says (401 for any other key, as Ashby's API would).
 */
export async function startFakeAshby(input: { customerApiKey: string }) {
  const updates: AshbyUpdate[] = [];
  const answers = new Map<string, (n: number, status: string) => number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/assessment.update') {
        res.writeHead(404).end();
        return;
      }
      const expected = `Basic ${Buffer.from(`${input.customerApiKey}:`).toString('base64')}`;
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      const id = String(body?.assessment_id ?? '');
      const status = String(body?.assessment_status?.value ?? '');
      const n = updates.filter((u) => u.body?.assessment_id === id && u.body?.assessment_status?.value === status).length + 1;
      const answeredWith = req.headers.authorization !== expected ? 401 : (answers.get(id)?.(n, status) ?? 200);
      updates.push({ authorization: req.headers.authorization, accept: req.headers.accept, body, answeredWith, receivedAt: Date.now() });
      res.writeHead(answeredWith, { 'content-type': 'application/json' }).end(JSON.stringify(answeredWith < 300 ? { success: true } : { success: false, errors: ['refused'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ashby = {
    /** What ASHBY_API_URL points at. */
    base,
    /** The partner's address (the app under test), set once it listens. */
    partnerBase: '',
    updates,
    /** One call of Ashby to the partner (always a POST with a JSON body), `key` as the Basic username (null: none). */
    async call(key: string | null, operation: 'assessment.list' | 'assessment.start' | 'assessment.cancel', body: unknown = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (key !== null) headers.authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      const res = await fetch(`${ashby.partnerBase}/api/integrations/ashby/${operation}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    /** assessment.start with the documented required fields (candidate, application, job), as Ashby sends them. */
    async start(key: string, input: { assessmentTypeId: string; email: string; applicationId?: string }) {
      return ashby.call(key, 'assessment.start', {
        assessment_type_id: input.assessmentTypeId,
        candidate: { ashby_id: 'c4f2e5a8-0000-4000-8000-000000000001', first_name: 'Ada', last_name: 'Lovelace', email: input.email, ashby_profile_url: 'https://app.ashbyhq.com/candidates/c4f2e5a8' },
        application: { ashby_id: input.applicationId ?? 'a1b2c3d4-0000-4000-8000-000000000002', status: 'Active' },
        job: { ashby_id: 'j1b2c3d4-0000-4000-8000-000000000003', name: 'Backend Engineer', req_id: 'REQ-42', ashby_job_url: 'https://app.ashbyhq.com/jobs/j1b2c3d4', hiringTeam: [] },
      });
    },
    answer(assessmentId: string, answer: (n: number, status: string) => number) {
      answers.set(assessmentId, answer);
    },
    on(assessmentId: string) {
      return updates.filter((u) => u.body?.assessment_id === assessmentId);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return ashby;
}
export type FakeAshby = Awaited<ReturnType<typeof startFakeAshby>>;
