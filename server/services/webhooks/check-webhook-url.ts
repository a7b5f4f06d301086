import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { getEnv } from '@/server/env';

/** A URL the service will not call, with the reason (shown as the `url` issue, or in the delivery log). */
export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

export type ResolvedWebhookUrl = { url: URL; address: string; family: 4 | 6 };

/**
 * Addresses a webhook may never reach: this host, the private networks behind it, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, multicast, reserved and documentation ranges, and every IPv4-mapped or -translated IPv6
 * form of an IPv4 address (::ffff:127.0.0.1 is 127.0.0.1).
 */
// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d), which would
// make every IPv4 address match the IPv4-mapped rule below.
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6');
}

type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Syntax only (no DNS): https in production, no credentials, http(s) at all. `allowPrivate` is the operator's
 * permission for this kind of URL (WEBHOOK_ALLOW_PRIVATE_URLS by default; provider base URLs pass
 * PROVIDER_ALLOW_PRIVATE_URLS).
 */
export function checkWebhookUrlSyntax(value: string, env = getEnv(), allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookUrlError('Must be an absolute URL');
  }
  const allowPlain = allowPrivate || env.NODE_ENV !== 'production';
  if (url.protocol !== 'https:' && !(allowPlain && url.protocol === 'http:')) {
    throw new WebhookUrlError(allowPlain ? 'Must be an http(s) URL' : 'Must be an https URL');
  }
  if (url.username || url.password) throw new WebhookUrlError('Must not contain credentials');
  return url;
}

/**
 * Resolves the URL's host and checks every address it resolves to. The caller connects to the returned address
 * (not to the name again), so a DNS answer that changes between this check and the connection (DNS rebinding)
 * cannot lead the request elsewhere. Run at creation and before every delivery.
 */
export async function resolveWebhookUrl(
  value: string,
  options: { env?: ReturnType<typeof getEnv>; lookup?: Lookup; allowPrivate?: boolean } = {},
): Promise<ResolvedWebhookUrl> {
  const env = options.env ?? getEnv();
  const allowPrivate = options.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE_URLS;
  const url = checkWebhookUrlSyntax(value, env, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new WebhookUrlError(`The host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new WebhookUrlError(`The host ${host} could not be resolved`);
  }
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw new WebhookUrlError('Must not point to a private, loopback, link-local or otherwise reserved address');
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
