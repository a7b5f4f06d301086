import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-throttle';

const request = (forwarded?: string | string[]) => ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: '10.0.0.5' } });

describe('clientAddressOf', () => {
  it('is the socket address unless the proxy is trusted: a client cannot choose its own', () => {
    expect(clientAddressOf(request('203.0.113.9'), false)).toBe('10.0.0.5');
    expect(clientAddressOf(request(), false)).toBe('10.0.0.5');
  });

  it("behind a trusted proxy, the last X-Forwarded-For entry: the one the proxy appended, not the client's own", () => {
    expect(clientAddressOf(request('198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddressOf(request(['198.51.100.1', '203.0.113.9']), true)).toBe('203.0.113.9');
    expect(clientAddressOf(request(), true)).toBe('10.0.0.5');
    expect(clientAddressOf(request(' , '), true)).toBe('10.0.0.5');
  });
});
