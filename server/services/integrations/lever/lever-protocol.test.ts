import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AtsOrderState } from '../get-ats-order';
import { LeverWebhookSchema, leverCandidate, leverNoteRequest, leverNoteText, verifyLeverWebhook } from './lever-protocol';

const SIGNATURE_TOKEN = 'lever-signature-token-0123456789';
const now = new Date('2026-11-27T10:00:00.000Z');

function signed(overrides: Partial<{ token: string; triggeredAt: number }> = {}) {
  const token = overrides.token ?? 'a1b2c3d4e5f6';
  const triggeredAt = overrides.triggeredAt ?? now.getTime() - 1_000;
  // Written out here, not through the module: hex HMAC-SHA256 of token + triggeredAt, keyed with the signature token.
  const signature = createHmac('sha256', SIGNATURE_TOKEN).update(token + triggeredAt).digest('hex');
  return { token, triggeredAt, signature };
}

describe('Lever webhook signature (HMAC-SHA256 over token + triggeredAt)', () => {
  it('accepts Lever\'s signature, in either case of hex', () => {
    expect(verifyLeverWebhook(signed(), SIGNATURE_TOKEN, now)).toEqual({ ok: true });
    const upper = signed();
    expect(verifyLeverWebhook({ ...upper, signature: upper.signature.toUpperCase() }, SIGNATURE_TOKEN, now)).toEqual({ ok: true });
  });

  it('refuses another key, a changed token or time, a truncated signature, and a webhook older than 5 minutes', () => {
    expect(verifyLeverWebhook(signed(), 'another-token', now)).toEqual({ ok: false, reason: 'Invalid signature' });
    expect(verifyLeverWebhook({ ...signed(), token: 'changed' }, SIGNATURE_TOKEN, now).ok).toBe(false);
    expect(verifyLeverWebhook({ ...signed(), triggeredAt: now.getTime() }, SIGNATURE_TOKEN, now).ok).toBe(false);
    expect(verifyLeverWebhook({ ...signed(), signature: signed().signature.slice(0, 10) }, SIGNATURE_TOKEN, now).ok).toBe(false);
    expect(verifyLeverWebhook(signed({ triggeredAt: now.getTime() - 5 * 60_000 - 1 }), SIGNATURE_TOKEN, now)).toEqual({ ok: false, reason: expect.stringMatching(/^Stale/) });
    expect(verifyLeverWebhook(signed({ triggeredAt: now.getTime() + 5 * 60_000 + 1 }), SIGNATURE_TOKEN, now).ok).toBe(false);
  });

  it('reads the documented body, and what Lever may add besides', () => {
    const body = LeverWebhookSchema.parse({
      triggeredAt: 1_700_000_000_000,
      event: 'candidateStageChange',
      signature: 'ab',
      token: 'cd',
      data: { opportunityId: 'opp-1', toStageId: 'stage-2', fromStageId: 'stage-1', candidateId: 'opp-1', contactId: 'contact-1', somethingNew: true },
    });
    expect(body.data).toMatchObject({ opportunityId: 'opp-1', toStageId: 'stage-2' });
  });
});

describe('the opportunity and the note', () => {
  it('invites the first email, the name split at the first space', () => {
    expect(leverCandidate({ data: { id: 'o', name: 'Ada King Lovelace', emails: ['', 'ada@example.com', 'other@example.com'] } })).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'King Lovelace' });
    expect(leverCandidate({ data: { id: 'o', name: 'Cher', emails: ['cher@example.com'] } })).toEqual({ email: 'cher@example.com', firstName: 'Cher', lastName: null });
    expect(leverCandidate({ data: { id: 'o', name: 'No Email', emails: [] } })).toBeNull();
  });

  const state: AtsOrderState = {
    orderId: 'ato_x',
    interviewId: 'itv_x',
    testId: 'att_x',
    testName: 'Phone screen',
    status: 'COMPLETED',
    resultReady: true,
    overallScore: 72.46,
    recommendation: 'YES',
    reportStatus: 'READY',
    startedAt: null,
    completedAt: null,
    profileUrl: 'https://app.example/interviews/itv_x',
  };

  it('says the score, the recommendation as advice, and the link; never an invented score', () => {
    expect(leverNoteText(state)).toBe('AI screening interview completed (Phone screen).\nScore: 72.5 / 100\nAI recommendation (advice; a person decides): Yes\nInterview: https://app.example/interviews/itv_x');
    expect(leverNoteText({ ...state, overallScore: null, recommendation: null, reportStatus: 'FAILED' })).toContain('Score: none (the report could not be written)');
  });

  it('"Create a note": POST { value, secret: false } with the API key as the Basic username and an empty password', () => {
    const request = leverNoteRequest({ url: 'https://api.lever.co/v1/opportunities/opp-1/notes', apiKey: 'KEY', state });
    expect(request).toMatchObject({ method: 'POST', url: 'https://api.lever.co/v1/opportunities/opp-1/notes' });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('KEY:').toString('base64')}`);
    expect(JSON.parse(request.body)).toEqual({ value: leverNoteText(state), secret: false });
  });
});
