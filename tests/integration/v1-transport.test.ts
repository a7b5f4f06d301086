import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let org: TestOrg;
beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** One HTTP/1.1 connection driven by hand, to see what a client on a keep-alive connection sees. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on('error', () => {});
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  async response(timeoutMs = 5000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of head.slice(1)) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(head[0].split(' ')[1]), headers, body };
        }
      }
      if (this.closed) throw new Error(`connection closed; received: ${this.buffer.toString('latin1').slice(0, 200)}`);
      if (Date.now() > deadline) throw new Error('no response in time');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }
}

const port = () => Number(new URL(app.url).port);

function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

describe('REST v1 over one HTTP/1.1 connection', () => {
  it('serves several requests, reads and writes, on one keep-alive connection', async () => {
    const conn = new RawConnection(port());
    try {
      conn.write(requestHead('GET', '/api/v1/candidates', { authorization: `Bearer ${org.apiKey}` }));
      const first = await conn.response();
      expect(first.status).toBe(200);
      expect(first.headers['x-request-id']).toMatch(/^req_/);
      const body = JSON.stringify({ email: 'keepalive@example.com' });
      conn.write(requestHead('POST', '/api/v1/candidates', { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) + body);
      const created = await conn.response();
      expect(created.status, created.body).toBe(201);
      expect(created.headers.connection ?? 'keep-alive').not.toBe('close');
      conn.write(requestHead('GET', `/api/v1/candidates/${JSON.parse(created.body).id}`, { authorization: `Bearer ${org.apiKey}` }));
      const read = await conn.response();
      expect(read.status).toBe(200);
      expect(conn.closed).toBe(false);
    } finally {
      conn.close();
    }
  });

  it('a 401 before the body is read answers at once and closes the connection instead of misreading the body', async () => {
    const conn = new RawConnection(port());
    try {
      conn.write(requestHead('POST', '/api/v1/candidates', { 'content-type': 'application/json', 'content-length': 100 }) + '{"email":');
      const res = await conn.response();
      expect(res.status).toBe(401);
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.headers.connection).toBe('close');
      expect(await conn.waitClosed()).toBe(true);
    } finally {
      conn.close();
    }
  });

  it('a body declared over 1 MiB gets 413 without being sent, and the connection is closed', async () => {
    const conn = new RawConnection(port());
    try {
      conn.write(requestHead('POST', '/api/v1/candidates', { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json', 'content-length': 5 * 1024 * 1024 }) + '{"email":"');
      const res = await conn.response();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(res.headers.connection).toBe('close');
      expect(await conn.waitClosed()).toBe(true);
    } finally {
      conn.close();
    }
  });

  it('a chunked body that grows past 1 MiB gets 413 as soon as it does', async () => {
    const conn = new RawConnection(port());
    try {
      conn.write(requestHead('POST', '/api/v1/candidates', { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }));
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 18; i++) conn.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const res = await conn.response();
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe('close');
    } finally {
      conn.close();
    }
  });
});
