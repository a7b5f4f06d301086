import { describe, expect, it } from 'vitest';
import { signDispatch, verifyDispatchSignature } from './dispatch-agent';

const secret = 'dispatch-secret-0123456789';
const body = JSON.stringify({ interviewId: 'itv_x', mediaToken: 'jwt' });

describe('agent dispatch signature', () => {
  it('signs the timestamp and the body together', () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signDispatch(secret, timestamp, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyDispatchSignature(secret, { signature, timestamp }, body)).toBe(true);
    expect(verifyDispatchSignature(secret, { signature, timestamp }, `${body} `)).toBe(false);
    expect(verifyDispatchSignature(secret, { signature, timestamp: String(Number(timestamp) + 1) }, body)).toBe(false);
    expect(verifyDispatchSignature('another-secret-0123456789', { signature, timestamp }, body)).toBe(false);
    expect(verifyDispatchSignature(secret, { signature: null, timestamp }, body)).toBe(false);
  });

  it('refuses a signature made too long ago (a replay)', () => {
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect(verifyDispatchSignature(secret, { signature: signDispatch(secret, old, body), timestamp: old }, body)).toBe(false);
  });
});
