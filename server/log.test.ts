import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { createLogger, scrubSecrets } from './log';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { log: createLogger({ destination: destination as never }), text: () => lines.join('') };
}

const API_KEY = 'isk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJpdHZfMTIzIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const saved = { ...process.env };
afterEach(() => {
  process.env.AGENT_SECRET = saved.AGENT_SECRET;
  process.env.MEDIA_TOKEN_SECRET = saved.MEDIA_TOKEN_SECRET;
  resetEnvCache();
});

describe('the logger', () => {
  it('redacts secret-bearing fields by name, at the top level, one level down and in headers', () => {
    const { log, text } = capture();
    log.info({
      authorization: 'Bearer a',
      password: 'pw-top',
      user: { password: 'pw-nested', passwordHash: 'scrypt$hash', token: 'tok-nested', apiKey: 'ak', agentSecret: 'as', mediaToken: 'mt' },
      headers: { authorization: 'Bearer h', 'x-api-key': 'xak', 'x-agent-secret': 'xas', cookie: 'session=s' },
      req: { headers: { authorization: 'Bearer rh' } },
    });
    const out = text();
    for (const secret of ['Bearer a', 'pw-top', 'pw-nested', 'scrypt$hash', 'tok-nested', '"ak"', '"as"', '"mt"', 'Bearer h', 'xak', 'xas', 'session=s', 'Bearer rh']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it("leaves the caller's object as it was: redaction works on a copy", () => {
    const { log, text } = capture();
    const logged = { user: { password: 'pw-kept', name: 'Ada' }, status: 200 };
    log.info(logged, 'request');
    expect(text()).not.toContain('pw-kept');
    expect(logged).toEqual({ user: { password: 'pw-kept', name: 'Ada' }, status: 200 });
  });

  it('scrubs secret shapes wherever they occur: API keys, JWTs, invitation links, connection-string passwords, configured secrets', () => {
    process.env.AGENT_SECRET = 'configured-agent-secret-42';
    // The configured secrets are read once; whoever changes them says so (the dev server's generated secrets).
    resetEnvCache();
    const { log, text } = capture();
    log.info(
      { note: `key ${API_KEY} token ${JWT}`, url: 'https://app.example.com/i/inv_tokenValue123?x=1', join: '/join/teamTokenValue456', db: 'postgres://app:s3cr3t@db:5432/x' },
      'got configured-agent-secret-42 from a client',
    );
    const out = text();
    for (const secret of [API_KEY, JWT, 'inv_tokenValue123', 'teamTokenValue456', 's3cr3t', 'configured-agent-secret-42']) expect(out).not.toContain(secret);
    expect(out).toContain('isk_[redacted]');
    expect(out).toContain('/i/[redacted]');
    expect(out).toContain('/join/[redacted]');
    expect(out).toContain('postgres://app:[redacted]@db');
  });

  it('reads the configured secrets once, and again after resetEnvCache() (the environment changed)', () => {
    process.env.AGENT_SECRET = 'first-configured-secret-1';
    resetEnvCache();
    expect(scrubSecrets('said first-configured-secret-1')).toBe('said [redacted]');
    process.env.AGENT_SECRET = 'second-configured-secret-2';
    expect(scrubSecrets('said second-configured-secret-2')).toBe('said second-configured-secret-2');
    resetEnvCache();
    expect(scrubSecrets('said second-configured-secret-2')).toBe('said [redacted]');
    expect(scrubSecrets('said first-configured-secret-1')).toBe('said first-configured-secret-1');
  });

  it('logs an error with its type, message and code, but never the SQL parameters or row values a query carried', () => {
    const { log, text } = capture();
    // What drizzle throws: the failed query's parameters in the message and in `params`, the driver error as cause.
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (key_hash)=(deadbeefsecretrowvalue) already exists.',
      parameters: ['param-secret-1'],
    });
    const error = Object.assign(new Error('Failed query: insert into api_keys values ($1, $2)\nparams: param-secret-1,param-secret-2'), {
      query: 'insert into api_keys values ($1, $2)',
      params: ['param-secret-1', 'param-secret-2'],
      cause,
    });
    log.error({ err: error, requestId: 'req_x' }, 'unhandled error');
    const out = text();
    expect(out).not.toContain('param-secret');
    expect(out).not.toContain('deadbeefsecretrowvalue');
    expect(out).toContain('Failed query: insert into api_keys');
    expect(JSON.parse(out).err.type).toBe('Error');
  });

  it('scrubSecrets leaves ordinary text alone', () => {
    const line = '{"msg":"request","path":"/api/v1/candidates/cnd_123","status":200}';
    expect(scrubSecrets(line)).toBe(line);
  });
});
