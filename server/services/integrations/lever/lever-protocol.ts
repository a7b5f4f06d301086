import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Recommendation } from '@/db/schema';
import type { AtsRequest } from '../deliver-ats-writeback';
import type { AtsOrderState } from '../get-ats-order';

/**
 * Lever, which has no assessment API: its assessment partners work from its webhooks and its v1 API
 * (hire.lever.co/developer/usecases, "Assessments": the Candidate Stage Change webhook says an opportunity moved
 * stage, the partner invites the candidate when it reaches the chosen stage, and once done leaves "a note on the
 * opportunity with a summary"). Field names are Lever's. What rests on Lever's own pages and what on third-party
 * summaries of its reference is listed in docs/INTEGRATIONS.md and tests/integration/ats-lever.test.ts.
 */

/** The webhook that orders an interview; every other event is acknowledged and ignored. */
export const LEVER_STAGE_CHANGE = 'candidateStageChange';

/** A webhook older (or newer) than this is refused: a captured delivery cannot be replayed later. */
export const LEVER_MAX_SKEW_MS = 5 * 60_000;

const id = z.string().trim().min(1).max(200);

/**
 * A webhook's body: `triggeredAt` (ms since the epoch), `event`, `signature`, `token`, and `data` with the
 * opportunity and the stages it moved between. Lever may send more than this, so it is not a strict object.
 */
export const LeverWebhookSchema = z.object({
  triggeredAt: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,16}$/).transform(Number)]),
  event: z.string().min(1).max(100),
  // Absent or empty, it is simply a wrong signature (401), not a malformed body.
  signature: z.string().max(200).default(''),
  token: z.string().min(1).max(200),
  data: z
    .object({
      opportunityId: id.nullish(),
      toStageId: id.nullish(),
      fromStageId: id.nullish(),
      candidateId: id.nullish(),
      contactId: id.nullish(),
    })
    .nullish(),
});
export type LeverWebhook = z.infer<typeof LeverWebhookSchema>;

/** The hex HMAC-SHA256, keyed with the webhook's signature token, of `token` followed by `triggeredAt`. */
export function leverSignature(signatureToken: string, token: string, triggeredAt: number | string): string {
  return createHmac('sha256', signatureToken).update(`${token}${triggeredAt}`, 'utf8').digest('hex');
}

export type LeverVerdict = { ok: true } | { ok: false; reason: string };

/** The signature, compared in constant time, and the time it was made, within LEVER_MAX_SKEW_MS of now. */
export function verifyLeverWebhook(webhook: Pick<LeverWebhook, 'signature' | 'token' | 'triggeredAt'>, signatureToken: string, now: Date = new Date()): LeverVerdict {
  const expected = Buffer.from(leverSignature(signatureToken, webhook.token, webhook.triggeredAt), 'utf8');
  const given = Buffer.from(webhook.signature.toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'Invalid signature' };
  if (Math.abs(now.getTime() - webhook.triggeredAt) > LEVER_MAX_SKEW_MS) return { ok: false, reason: 'Stale webhook (triggeredAt is more than 5 minutes away)' };
  return { ok: true };
}

/** "Retrieve a single opportunity": `{ data: { id, name, emails, … } }`; only what an invitation needs is read. */
export const LeverOpportunitySchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string().max(500).nullish(),
    emails: z.array(z.string().max(320)).nullish(),
  }),
});

/** The candidate to invite: the opportunity's first email, its name split at the first space. */
export function leverCandidate(opportunity: z.infer<typeof LeverOpportunitySchema>): { email: string; firstName: string | null; lastName: string | null } | null {
  const email = opportunity.data.emails?.map((e) => e.trim()).find((e) => e.length > 0);
  if (!email) return null;
  const name = opportunity.data.name?.trim() ?? '';
  const space = name.indexOf(' ');
  const firstName = (space < 0 ? name : name.slice(0, space)).slice(0, 100) || null;
  const lastName = (space < 0 ? '' : name.slice(space + 1).trim()).slice(0, 100) || null;
  return { email, firstName, lastName };
}

export const leverOpportunityUrl = (apiBase: string, opportunityId: string) => `${apiBase}/opportunities/${encodeURIComponent(opportunityId)}`;
export const leverNotesUrl = (apiBase: string, opportunityId: string) => `${leverOpportunityUrl(apiBase, opportunityId)}/notes`;

/** Every call to Lever's API: HTTP Basic, the customer's API key as the username and an empty password. */
export function leverHeaders(apiKey: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${apiKey}:`, 'utf8').toString('base64')}`, accept: 'application/json', 'user-agent': 'interview-screening-lever/1' };
}

const RECOMMENDATION_WORDS: Record<Recommendation, string> = {
  STRONG_YES: 'Strong yes',
  YES: 'Yes',
  NO: 'No',
  DEFINITELY_NO: 'Definitely no',
  NO_DECISION: 'No decision',
};

/**
 * The note's text: the score out of 100 (or why there is none, never an invented number), the AI's
 * recommendation called what it is (advice: the recruiter decides), and the interview's page in our dashboard.
 */
export function leverNoteText(state: AtsOrderState): string {
  const score =
    state.overallScore !== null
      ? `Score: ${Math.round(state.overallScore * 10) / 10} / 100`
      : state.reportStatus === 'FAILED'
        ? 'Score: none (the report could not be written)'
        : 'Score: none for this stage';
  const lines = [`AI screening interview completed${state.testName ? ` (${state.testName})` : ''}.`, score];
  if (state.recommendation) lines.push(`AI recommendation (advice; a person decides): ${RECOMMENDATION_WORDS[state.recommendation]}`);
  lines.push(`Interview: ${state.profileUrl}`);
  return lines.join('\n');
}

/** "Create a note": `POST /opportunities/:opportunity/notes` with `{ value, secret }`; the note is visible to the team. */
export function leverNoteRequest(input: { url: string; apiKey: string; state: AtsOrderState }): AtsRequest {
  return { method: 'POST', url: input.url, headers: { ...leverHeaders(input.apiKey), 'content-type': 'application/json' }, body: JSON.stringify({ value: leverNoteText(input.state), secret: false }) };
}

/** "List stages": `GET /stages` → `{ data: [{ id, text }], hasNext, next }`; the stages a test may be mapped to. */
export const LeverStagesSchema = z.object({ data: z.array(z.object({ id: z.string().max(200), text: z.string().max(500) })) });
export const leverStagesUrl = (apiBase: string) => `${apiBase}/stages`;
