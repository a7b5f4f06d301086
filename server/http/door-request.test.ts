import { describe, expect, it } from 'vitest';
import { RawRequestHeaders } from './door-request';

describe('RawRequestHeaders', () => {
  const raw = ['Host', 'example.test', 'X-Agent-Secret', 's3cret', 'Accept', 'text/html', 'accept', 'application/json', 'X-Iss-Client-Address', 'spoofed'];

  it('answers as fetch Headers does: any case, repeated headers joined, null when absent', () => {
    const headers = new RawRequestHeaders(raw);
    const fetchHeaders = new Headers();
    for (let i = 0; i < raw.length; i += 2) fetchHeaders.append(raw[i], raw[i + 1]);
    for (const name of ['host', 'x-agent-secret', 'X-AGENT-SECRET', 'accept', 'authorization', 'x-iss-client-address']) {
      expect(headers.get(name)).toBe(fetchHeaders.get(name));
      expect(headers.has(name)).toBe(fetchHeaders.has(name));
    }
    expect(headers.get('accept')).toBe('text/html, application/json');
  });

  it('takes an override over what the client sent, and null as absent', () => {
    expect(new RawRequestHeaders(raw, { 'x-iss-client-address': '203.0.113.9' }).get('X-Iss-Client-Address')).toBe('203.0.113.9');
    const removed = new RawRequestHeaders(raw, { 'x-iss-client-address': null });
    expect(removed.get('x-iss-client-address')).toBeNull();
    expect(removed.has('x-iss-client-address')).toBe(false);
  });
});
