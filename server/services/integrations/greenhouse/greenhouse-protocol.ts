import { z } from 'zod';
import type { AtsOrderState } from '../get-ats-order';
import type { TestMappingDto } from '../test-mappings';

/**
 * The Greenhouse Assessment Partner API, as developers.greenhouse.io/assessment.html documents it, translated to and
 * from our services. Field names are Greenhouse's (snake case); Greenhouse "reserves the right to add more
 * properties", so requests are not strict objects.
 */

/** `list_tests` → a JSON array of `{ partner_test_id, partner_test_name }` (section "List Tests"). */
export function toGreenhouseTests(tests: TestMappingDto[]) {
  return tests.map((test) => ({ partner_test_id: test.id, partner_test_name: test.name }));
}

/** Greenhouse's examples send `partner_test_id` as a string and, in older ones, as a number. */
const idLike = z.union([z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters'), z.number().int().transform(String)]);
const optionalText = z.string().max(2048).nullish();

/** `send_test`'s body (section "Send Test"). `url` is where Greenhouse takes the "Mark Test as Completed" PATCH. */
export const GreenhouseSendTestSchema = z.object({
  partner_test_id: idLike,
  candidate: z.object({
    first_name: z.string().max(100, 'Must be at most 100 characters').nullish(),
    last_name: z.string().max(100, 'Must be at most 100 characters').nullish(),
    preferred_name: optionalText,
    resume_url: optionalText,
    phone_number: optionalText,
    email: z.string().min(1, 'Required').max(320, 'Must be at most 320 characters'),
    greenhouse_profile_url: optionalText,
  }),
  sent_by: optionalText,
  url: z.string().max(2048, 'Must be at most 2048 characters').nullish(),
});
export type GreenhouseSendTest = z.infer<typeof GreenhouseSendTestSchema>;

/** `response_error`'s body (section "Response Error"): Greenhouse tells us a response of ours did not validate. */
export const GreenhouseResponseErrorSchema = z.object({
  api_call: z.string().max(100),
  errors: z.array(z.string().max(2000)).max(100),
  partner_test_id: idLike.nullish(),
  partner_interview_id: idLike.nullish(),
});

/**
 * `partner_status`: Greenhouse acts on "complete" only ("If the test has been completed and results are available,
 * this value should be complete"), and keeps polling otherwise. Before that we say where the interview stands.
 */
export function greenhousePartnerStatus(state: AtsOrderState): string {
  if (state.resultReady) return 'complete';
  switch (state.status) {
    case 'DRAFT':
    case 'INVITED':
      return 'invited';
    case 'IN_PROGRESS':
      return 'in_progress';
    case 'COMPLETED':
      return 'scoring';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
      return 'cancelled';
  }
}

/**
 * `test_status`'s answer (section "Test Status"): `partner_status`, `partner_profile_url` (the interview in our
 * dashboard), `partner_score` (the report's overall score, 0–100, or null: never invented), and `metadata`, a flat
 * object of primitives Greenhouse shows beside the score.
 */
export function toGreenhouseTestStatus(state: AtsOrderState) {
  const metadata: Record<string, string | number> = { Status: state.status };
  if (state.testName) metadata.Test = state.testName;
  if (state.recommendation) metadata.Recommendation = state.recommendation;
  if (state.startedAt) metadata['Started At'] = state.startedAt.toISOString();
  if (state.completedAt) metadata['Completed At'] = state.completedAt.toISOString();
  return {
    partner_status: greenhousePartnerStatus(state),
    partner_profile_url: state.profileUrl,
    partner_score: state.overallScore,
    metadata,
  };
}
