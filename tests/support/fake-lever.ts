import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LeverNote = { opportunityId: string; authorization: string | undefined; query: string; body: any; answeredWith: number; receivedAt: number };
export type LeverOpportunity = { id: string; name: string; emails: string[] };

/**
 * Lever's side, run locally (sources in tests/integration/ats-lever.test.ts's header). As Lever's API
 * (api.lever.co/v1) it serves `GET /opportunities/:id` → `{ data: { id, name, emails, … } }` and takes
 * `POST /opportunities/:id/notes` with `{ value, secret }`, both with HTTP Basic, the customer's API key as the
 * username and an empty password (401 for anything else); the n-th note on an opportunity is answered as
 * `answerNotes(id, n)` says (201 by default); `GET /stages` → `{ data: [{ id, text }], hasNext }`. As Lever's webhooks, it POSTs signed JSON bodies to the partner:
 * `{ triggeredAt, event, signature, token, data }`, the signature the hex HMAC-SHA256 of `token + triggeredAt` keyed
 * with the webhook's signature token.
 */
export async function startFakeLever(input: { customerApiKey: string }) {
  const notes: LeverNote[] = [];
  const opportunityReads: string[] = [];
  const opportunities = new Map<string, LeverOpportunity>();
  const stages = [
    { id: 'lead-new', text: 'New lead' },
    { id: 'f1e2d3c4-phone-screen-stage', text: 'Phone screen' },
    { id: 'onsite', text: 'On-site interview' },
  ];
  const noteAnswers = new Map<string, (n: number) => number>();
  const expected = `Basic ${Buffer.from(`${input.customerApiKey}:`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://lever.local');
      const read = /^\/opportunities\/([^/]+)$/.exec(url.pathname);
      const note = /^\/opportunities\/([^/]+)\/notes$/.exec(url.pathname);
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'GET' && read) {
        const id = decodeURIComponent(read[1]);
        opportunityReads.push(id);
        if (req.headers.authorization !== expected) return json(401, { code: 'UnauthorizedError', message: 'Invalid API key' });
        const opportunity = opportunities.get(id);
        if (!opportunity) return json(404, { code: 'ResourceNotFound', message: 'Opportunity not found' });
        return json(200, { data: { ...opportunity, headline: '', stage: 'stage-x', contact: `contact-${id}`, tags: [], archived: null } });
      }
      if (req.method === 'GET' && url.pathname === '/stages') {
        if (req.headers.authorization !== expected) return json(401, { code: 'UnauthorizedError', message: 'Invalid API key' });
        return json(200, { data: stages, hasNext: false });
      }
      if (req.method === 'POST' && note) {
        const id = decodeURIComponent(note[1]);
        let body: any = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        const n = notes.filter((x) => x.opportunityId === id).length + 1;
        const answeredWith = req.headers.authorization !== expected ? 401 : (noteAnswers.get(id)?.(n) ?? 201);
        notes.push({ opportunityId: id, authorization: req.headers.authorization, query: url.search, body, answeredWith, receivedAt: Date.now() });
        return json(answeredWith, answeredWith < 300 ? { data: { noteId: `note-${n}` } } : { code: 'ServiceUnavailable', message: 'Try again' });
      }
      json(404, { code: 'ResourceNotFound' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const lever = {
    /** What LEVER_API_URL points at. */
    base,
    notes,
    opportunityReads,
    addOpportunity(opportunity: LeverOpportunity) {
      opportunities.set(opportunity.id, opportunity);
    },
    answerNotes(opportunityId: string, answer: (n: number) => number) {
      noteAnswers.set(opportunityId, answer);
    },
    notesOn(opportunityId: string) {
      return notes.filter((n) => n.opportunityId === opportunityId);
    },
    /** A webhook body as Lever sends it, signed with `signatureToken` unless `signature` is given. */
    webhookBody(input: { event?: string; signatureToken: string; data: Record<string, string>; triggeredAt?: number; token?: string; signature?: string }) {
      const token = input.token ?? randomBytes(16).toString('hex');
      const triggeredAt = input.triggeredAt ?? Date.now();
      const signature = input.signature ?? createHmac('sha256', input.signatureToken).update(`${token}${triggeredAt}`).digest('hex');
      return { triggeredAt, event: input.event ?? 'candidateStageChange', signature, token, data: input.data };
    },
    /** POSTs a webhook body to the partner's address, as Lever's webhooks do. */
    async deliver(url: string, body: unknown) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed, text };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return lever;
}
export type FakeLever = Awaited<ReturnType<typeof startFakeLever>>;
