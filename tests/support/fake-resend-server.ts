import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Resend's `POST /emails`, for the real `resend` SDK pointed at it through RESEND_BASE_URL. It
 * behaves like Resend where the service depends on it: a Bearer key is required, an `Idempotency-Key` seen
 * before with the same body gets the first response again (and no second email), the same key with another body
 * is a 409, and `failNext(n)` makes the next n calls fail with a 500 (an outage).
 */
export type FakeResendRequest = { idempotencyKey: string | null; status: number; body: any; at: number };
export type FakeResendEmail = { id: string; idempotencyKey: string | null; from: string; to: string[]; subject: string; html: string; text: string; tags: unknown };

export type FakeResend = {
  url: string;
  /** Every POST /emails, in arrival order, with the status it got. */
  requests: FakeResendRequest[];
  /** The emails that were actually "sent": one per accepted, non-replayed request. */
  emails: FakeResendEmail[];
  failNext: (count: number, status?: number) => void;
  emailsTo: (address: string) => FakeResendEmail[];
  waitForEmails: (predicate: (emails: FakeResendEmail[]) => boolean, timeoutMs?: number) => Promise<FakeResendEmail[]>;
  close: () => Promise<void>;
};

export async function startFakeResend(): Promise<FakeResend> {
  const requests: FakeResendRequest[] = [];
  const emails: FakeResendEmail[] = [];
  const seen = new Map<string, { bodyHash: string; response: { id: string } }>();
  let failures: { remaining: number; status: number } = { remaining: 0, status: 500 };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/emails') return reply(res, 404, { statusCode: 404, name: 'not_found', message: 'Not found' });
    const idempotencyKey = header(req, 'idempotency-key');
    let body: any = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const record = (status: number) => requests.push({ idempotencyKey, status, body, at: Date.now() });

    if (!/^Bearer \S+$/.test(header(req, 'authorization') ?? '')) {
      record(401);
      return reply(res, 401, { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header.' });
    }
    if (failures.remaining > 0) {
      failures.remaining--;
      record(failures.status);
      return reply(res, failures.status, { statusCode: failures.status, name: 'internal_server_error', message: 'An unexpected error occurred.' });
    }
    if (!body || typeof body.from !== 'string' || !body.to || typeof body.subject !== 'string' || (!body.html && !body.text)) {
      record(422);
      return reply(res, 422, { statusCode: 422, name: 'validation_error', message: 'Missing `from`, `to`, `subject` or content.' });
    }
    if (idempotencyKey !== null && idempotencyKey.length > 256) {
      record(400);
      return reply(res, 400, { statusCode: 400, name: 'invalid_idempotency_key', message: 'The key must be between 1-256 chars.' });
    }
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (idempotencyKey !== null) {
      const previous = seen.get(idempotencyKey);
      if (previous && previous.bodyHash !== bodyHash) {
        record(409);
        return reply(res, 409, { statusCode: 409, name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload.' });
      }
      if (previous) {
        record(200);
        return reply(res, 200, previous.response);
      }
    }
    const response = { id: randomUUID() };
    if (idempotencyKey !== null) seen.set(idempotencyKey, { bodyHash, response });
    emails.push({
      id: response.id,
      idempotencyKey,
      from: body.from,
      to: Array.isArray(body.to) ? body.to : [body.to],
      subject: body.subject,
      html: body.html ?? '',
      text: body.text ?? '',
      tags: body.tags,
    });
    record(200);
    return reply(res, 200, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeResend = {
    url: `http://127.0.0.1:${port}`,
    requests,
    emails,
    failNext: (count, status = 500) => {
      failures = { remaining: count, status };
    },
    emailsTo: (address) => emails.filter((e) => e.to.includes(address)),
    waitForEmails: async (predicate, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(emails)) {
        if (Date.now() > deadline) throw new Error(`fake Resend: timed out; ${emails.length} emails, ${requests.length} requests`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return emails;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The invitation link in an email's HTML, and its token. */
export function invitationLinkIn(email: { html: string }): { link: string; token: string } {
  const match = /href="(https?:\/\/[^"]+\/i\/([A-Za-z0-9_-]{43}))"/.exec(email.html);
  if (!match) throw new Error('no invitation link in the email');
  return { link: match[1], token: match[2] };
}
