import { z } from 'zod';
import { CandidateSchema, type CandidateDto } from '../candidates/candidate-schemas';
import { InterviewSchema, type InterviewDto } from '../interviews/interview-schemas';
import { InterviewReportSchema, TestReportSchema, type InterviewReportDto, type TestReportDto } from '../reports/report-schemas';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };


/** Sent by "send test event" to one endpoint only; not in the catalog, never subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const TestEventDataSchema = z.object({
  endpointId: z.string().describe('The endpoint (whk_…) the test was sent to.'),
  message: z.string(),
});

/** `data` of each event type: the resource exactly as REST v1 returns it (the same DTO functions build both). */
export type WebhookEventData = {
  'interview.created': InterviewDto;
  'interview.invited': InterviewDto;
  'interview.started': InterviewDto;
  'interview.completed': InterviewDto;
  'interview.cancelled': InterviewDto;
  'interview.expired': InterviewDto;
  'interview.decided': InterviewDto;
  'report.ready': InterviewReportDto;
  'report.failed': InterviewReportDto;
  'candidate.created': CandidateDto;
  'candidate.updated': CandidateDto;
  'candidate.deleted': { id: string };
  'test_session.recorded': TestReportDto;
};

const interviewEvent = (when: string) => ({ description: `${when} \`data\` is the interview as \`GET /interviews/{id}\` lists it.`, schema: InterviewSchema });

/** For the OpenAPI document's `webhooks` section. */
export const WEBHOOK_EVENTS: Record<WebhookEventType | typeof TEST_EVENT_TYPE, { description: string; schema: z.ZodType }> = {
  'interview.created': interviewEvent('An interview was created (DRAFT, or INVITED with its invitation).'),
  'interview.invited': interviewEvent('An invitation link was issued and its email queued: create with sendInvite, send, or resend.'),
  'interview.started': interviewEvent('The first turn was recorded: the interview is IN_PROGRESS.'),
  'interview.completed': interviewEvent('The interview was finalized: COMPLETED (its report, if any, follows as report.ready or report.failed).'),
  'interview.cancelled': interviewEvent('A recruiter cancelled the interview.'),
  'interview.expired': interviewEvent('The invitation lapsed before the candidate started; sent once, when EXPIRED is persisted (within a minute).'),
  'interview.decided': interviewEvent('A person recorded or changed the decision (ADVANCE, HOLD, REJECT) on a completed interview; `data.decision` is the new one.'),
  'report.ready': { description: 'An interview report is READY. `data` is the report as `GET /reports/{reportId}` returns it.', schema: InterviewReportSchema },
  'report.failed': { description: 'An interview report FAILED. `data` is the report, with `failureReason`.', schema: InterviewReportSchema },
  'candidate.created': { description: 'A candidate was created (API, dashboard or CSV import). `data` is the candidate.', schema: CandidateSchema },
  'candidate.updated': { description: 'A candidate was changed. `data` is the whole candidate after the change.', schema: CandidateSchema },
  'candidate.deleted': { description: 'A candidate was erased. `data` is only `{ id }`.', schema: z.object({ id: z.string().describe('Candidate id (cnd_…).') }) },
  'test_session.recorded': { description: 'A technical test result was recorded. `data` is its test report.', schema: TestReportSchema },
  [TEST_EVENT_TYPE]: { description: 'Sent by "send test event" (POST /webhook-endpoints/{id}/test) to that endpoint only.', schema: TestEventDataSchema },
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
