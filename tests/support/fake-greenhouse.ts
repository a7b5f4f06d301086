import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type GreenhousePatch = { path: string; authorization: string | undefined; body: string; answeredWith: number; receivedAt: number; testStatus?: { status: number; body: any } };

/**
 * Greenhouse's side of the Assessment Partner API (developers.greenhouse.io/assessment.html), run locally: it calls
 * the partner's list_tests, send_test and test_status with HTTP Basic (the organization's key as the username, an
 * empty password), and hosts the "Mark Test as Completed" URLs it gives in send_test. On each PATCH it answers as
 * `answer(n)` says for the n-th PATCH of that URL and, when it accepted one, calls test_status as Greenhouse does
 * ("Upon this, Greenhouse will send a request to your Test Status endpoint").
 */
export async function startFakeGreenhouse(partnerBase: string) {
  const patches: GreenhousePatch[] = [];
  const answers = new Map<string, (n: number) => number>();
  const keys = new Map<string, { key: string; partnerInterviewId?: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      if (req.method !== 'PATCH' || !path.startsWith('/integrations/testing_partners/take_home_tests/')) {
        res.writeHead(404).end();
        return;
      }
      const n = patches.filter((p) => p.path === path).length + 1;
      const answeredWith = answers.get(path)?.(n) ?? 200;
      const patch: GreenhousePatch = { path, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString('utf8'), answeredWith, receivedAt: Date.now() };
      patches.push(patch);
      res.writeHead(answeredWith).end();
      const test = keys.get(path);
      if (answeredWith < 300 && test?.partnerInterviewId) {
        const status = await greenhouse.call(test.key, `test_status?partner_interview_id=${encodeURIComponent(test.partnerInterviewId)}`);
        patch.testStatus = status;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let nextTest = 1000;

  const greenhouse = {
    base,
    patches,
    /** One call of Greenhouse to the partner, with `key` as the Basic-auth username (null: no Authorization). */
    async call(key: string | null, operation: string, init: { method?: string; body?: unknown; password?: string } = {}) {
      const headers: Record<string, string> = {};
      if (key !== null) headers.authorization = `Basic ${Buffer.from(`${key}:${init.password ?? ''}`).toString('base64')}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${partnerBase}/api/integrations/greenhouse/${operation}`, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    /** "Send Test" as Greenhouse sends it (section "Send Test"), with a completion URL of its own for this test. */
    async sendTest(key: string, input: { partnerTestId: string; email: string; firstName?: string; lastName?: string; answer?: (n: number) => number }) {
      const path = `/integrations/testing_partners/take_home_tests/${nextTest++}`;
      if (input.answer) answers.set(path, input.answer);
      const res = await greenhouse.call(key, 'send_test', {
        body: {
          partner_test_id: input.partnerTestId,
          candidate: {
            first_name: input.firstName ?? 'Harry',
            last_name: input.lastName ?? 'Potter',
            preferred_name: null,
            resume_url: 'https://hogwarts.example/resume',
            phone_number: '123-456-7890',
            email: input.email,
            greenhouse_profile_url: 'https://app.greenhouse.io/people/17681532?application_id=26234709',
          },
          sent_by: 'test_sender@example.org',
          url: `${base}${path}`,
        },
      });
      keys.set(path, { key, partnerInterviewId: res.body?.partner_interview_id });
      return { ...res, callbackPath: path };
    },
    on(path: string) {
      return patches.filter((p) => p.path === path);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return greenhouse;
}
export type FakeGreenhouse = Awaited<ReturnType<typeof startFakeGreenhouse>>;
