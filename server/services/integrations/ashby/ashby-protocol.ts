import { z } from 'zod';
import type { AtsRequest } from '../deliver-ats-writeback';
import type { AtsOrderState } from '../get-ats-order';
import type { TestMappingDto } from '../test-mappings';

/**
 * Ashby's Assessments Partner API, as Ashby documents it: the guide
 * https://developers.ashbyhq.com/docs/creating-an-assessments-integration and the reference pages
 * https://developers.ashbyhq.com/reference/assessmentlist, …/assessmentstart, …/assessmentcancel and
 * …/assessmentupdate (Ashby's OpenAPI document). Field names are Ashby's (snake case). Ashby may send more than it
 * documents, so requests are not strict objects.
 */

/** `assessment.list` → `{ success, results: [{ assessment_type_id, name, description }] }`. */
export function toAshbyAssessmentList(tests: TestMappingDto[]) {
  return { success: true, results: tests.map((test) => ({ assessment_type_id: test.id, name: test.name, description: test.name })) };
}

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

/** `assessment.start`'s body: `assessment_type_id`, `candidate`, `application`, `job` are required. */
export const AshbyStartSchema = z.object({
  assessment_type_id: text(100).min(1, 'Required'),
  candidate: z.object({
    ashby_id: text(200).nullish(),
    first_name: text(100).nullish(),
    last_name: text(100).nullish(),
    email: text(320).min(1, 'Required'),
    ashby_profile_url: text(2048).nullish(),
  }),
  application: z.object({ ashby_id: text(200).min(1, 'Required'), status: text(100).nullish() }),
  job: z.object({ ashby_id: text(200).nullish(), name: text(500).nullish(), req_id: text(200).nullish(), ashby_job_url: text(2048).nullish() }),
});
export type AshbyStart = z.infer<typeof AshbyStartSchema>;

/** `assessment.cancel`'s body: the `assessment_id` we answered on start. */
export const AshbyCancelSchema = z.object({ assessment_id: text(100).min(1, 'Required') });

/**
 * Ashby's "assessment data" value (`identifier`, `label`, `description`, `type`, `value`): `type` is one of
 * numeric_score, numeric_duration_minutes, url, string, boolean_success.
 */
type AshbyDataValue = { identifier: string; label: string; description?: string; type: 'numeric_score' | 'numeric_duration_minutes' | 'url' | 'string' | 'boolean_success'; value: string | number | boolean };

/** Where the interview stands, in our words (Ashby gives meaning to "Started" only: it stores when it began). */
export function ashbyStatusValue(state: Pick<AtsOrderState, 'status' | 'resultReady'>): string {
  if (state.resultReady) return 'Completed';
  switch (state.status) {
    case 'DRAFT':
    case 'INVITED':
      return 'Invited';
    case 'IN_PROGRESS':
      return 'Started';
    case 'COMPLETED':
      return 'Scoring';
    case 'EXPIRED':
      return 'Expired';
    case 'CANCELLED':
      return 'Cancelled';
  }
}

const status = (value: string): AshbyDataValue => ({ identifier: 'status', label: 'Status', type: 'string', value });

/**
 * An `assessment.update` body. With the result settled it carries `assessment_result` (which tells Ashby the
 * assessment is complete) and `assessment_profile_url`, required with it: the report's overall score (0–100) as a
 * numeric_score, or, when there is no score, what we have in words (never an invented number).
 */
export function toAshbyUpdate(assessmentId: string, state: AtsOrderState, at: Date = state.completedAt ?? new Date()) {
  const body: Record<string, unknown> = { assessment_id: assessmentId, timestamp: at.getTime(), assessment_status: status(ashbyStatusValue(state)) };
  if (!state.resultReady) return body;
  body.assessment_result =
    state.overallScore !== null
      ? { identifier: 'score', label: 'Score', description: 'Overall score of the interview, 0–100', type: 'numeric_score', value: state.overallScore }
      : { identifier: 'score', label: 'Score', description: 'Overall score of the interview, 0–100', type: 'string', value: state.reportStatus === 'FAILED' ? 'No score: the report could not be written' : 'No score for this stage' };
  body.assessment_profile_url = { identifier: 'profile_url', label: 'Interview', type: 'url', value: state.profileUrl } satisfies AshbyDataValue;
  const metadata: AshbyDataValue[] = [];
  if (state.recommendation) metadata.push({ identifier: 'recommendation', label: 'Recommendation', type: 'string', value: state.recommendation });
  if (state.testName) metadata.push({ identifier: 'test', label: 'Test', type: 'string', value: state.testName });
  if (state.startedAt && state.completedAt) {
    metadata.push({ identifier: 'duration', label: 'Duration', type: 'numeric_duration_minutes', value: Math.max(0, Math.round((state.completedAt.getTime() - state.startedAt.getTime()) / 60_000)) });
  }
  body.metadata = metadata;
  return body;
}

/** The update sent when the candidate begins: "Started", at the time they began (retries do not move it). */
export function toAshbyStartedUpdate(assessmentId: string, state: AtsOrderState) {
  return { assessment_id: assessmentId, timestamp: (state.startedAt ?? new Date()).getTime(), assessment_status: status('Started') };
}

/**
 * `POST <Ashby>/assessment.update` with the customer's Ashby API key, as every call to Ashby's API is authenticated
 * ("Put your API key as the basic auth username and leave the password blank").
 */
export function ashbyUpdateRequest(input: { url: string; apiKey: string | null; body: unknown }): AtsRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json; version=1', 'user-agent': 'interview-screening-ashby/1' };
  if (input.apiKey) headers.authorization = `Basic ${Buffer.from(`${input.apiKey}:`, 'utf8').toString('base64')}`;
  return { method: 'POST', url: input.url, headers, body: JSON.stringify(input.body) };
}
