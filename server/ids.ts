import { randomBytes } from 'node:crypto';

export const ID_PREFIXES = {
  organization: 'org',
  apiKey: 'key',
  user: 'usr',
  session: 'ses',
  candidate: 'cnd',
  interview: 'itv',
  report: 'rpt',
  testSession: 'tst',
  job: 'job',
  campaign: 'cmp',
  stage: 'stg',
  config: 'cfg',
  sentEmail: 'eml',
  mailboxMessage: 'msg',
  webhookEndpoint: 'whk',
  webhookEvent: 'evt',
  webhookDelivery: 'wdl',
  auditEvent: 'aud',
  audio: 'rec',
  audioPart: 'apt',
  decision: 'dcn',
  teamInvitation: 'tiv',
  note: 'not',
  notification: 'ntf',
  bulkOperation: 'blk',
  savedFilter: 'svf',
  liveConnection: 'lvc',
  atsCredential: 'atc',
  atsTestMapping: 'att',
  atsOrder: 'ato',
  atsWriteback: 'atw',
  atsLogEntry: 'atl',
  brandLogo: 'lgo',
  integrityEvent: 'ige',
  erasureRequest: 'erq',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 from rejection sampling: each character carries log2(62) ≈ 5.95 bits. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** 22 base62 characters ≈ 131 random bits. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBase62(22)}`;
}

const ID_SHAPE = /^[a-z]{3}_[0-9A-Za-z]{8,64}$/;

/** True when `value` could be an id of that kind; anything else is simply "not found". */
export function isIdOf(kind: IdKind, value: string): boolean {
  return value.startsWith(`${ID_PREFIXES[kind]}_`) && ID_SHAPE.test(value);
}
