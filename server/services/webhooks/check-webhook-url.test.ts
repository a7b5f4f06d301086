import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/server/env';
import { isBlockedAddress, resolveWebhookUrl } from './check-webhook-url';

const production = parseEnv({ NODE_ENV: 'production', AGENT_SECRET: 'x'.repeat(16), MEDIA_TOKEN_SECRET: 'y'.repeat(32), APP_URL: 'https://app.example' });
const allowing = { ...production, WEBHOOK_ALLOW_PRIVATE_URLS: true };
const resolvingTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook URL safety', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '64:ff9b::a00:1',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('accepts %s', (address) => expect(isBlockedAddress(address)).toBe(false));

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    await expect(resolveWebhookUrl('https://hooks.example.com/x', { env: production, lookup: resolvingTo('93.184.216.34', '10.0.0.7') })).rejects.toThrow(/private/);
  });

  it('connects to the address it checked', async () => {
    const resolved = await resolveWebhookUrl('https://hooks.example.com/x', { env: production, lookup: resolvingTo('93.184.216.34') });
    expect(resolved).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses plain http and literal private hosts in production, allows both with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    await expect(resolveWebhookUrl('http://hooks.example.com/x', { env: production, lookup: resolvingTo('93.184.216.34') })).rejects.toThrow(/https/);
    await expect(resolveWebhookUrl('https://[::ffff:7f00:1]/x', { env: production })).rejects.toThrow(/private/);
    await expect(resolveWebhookUrl('https://user:pw@hooks.example.com/x', { env: production })).rejects.toThrow(/credentials/);
    await expect(resolveWebhookUrl('http://127.0.0.1:9/x', { env: allowing })).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});
