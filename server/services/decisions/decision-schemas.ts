import { z } from 'zod';
import type { DecisionStatus } from '@/db/schema';
import { timestampOut } from '../fields';
import { DECISION_REASON_MAX_LENGTH, DECISION_REASON_TOO_LONG } from './decision-reason';

// Listed here rather than imported, so the dashboard's forms can use these schemas without the database schema.
const DECISION_STATUSES = ['ADVANCE', 'HOLD', 'REJECT'] as const satisfies readonly DecisionStatus[];

export const DecisionStatusSchema = z.enum(DECISION_STATUSES, 'Must be ADVANCE, HOLD or REJECT');

export const DecidedBySchema = z
  .object({
    type: z.enum(['user', 'api_key']).describe('A recruiter of the organization (user) or an API key acting for one.'),
    id: z.string().describe('The user id (usr_…) or the API key id (key_…).'),
  })
  .describe('Who decided: always a person or a client acting for one; the service never decides by itself.');

export const DecisionSchema = z
  .object({
    status: DecisionStatusSchema.describe('ADVANCE, HOLD or REJECT.'),
    reason: z.string().nullable().describe('Free text given with the decision, or null.'),
    decidedAt: timestampOut(),
    decidedBy: DecidedBySchema,
  })
  .describe("A person's decision on the interview; null until someone decides. Deciding again replaces it.");
export type DecisionDto = z.infer<typeof DecisionSchema>;

export const DecideInterviewInputSchema = z.strictObject({
  id: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').describe('Interview id (itv_…).'),
  status: DecisionStatusSchema.describe('ADVANCE, HOLD or REJECT.'),
  reason: z
    .string('Must be a string')
    .trim()
    .max(DECISION_REASON_MAX_LENGTH, DECISION_REASON_TOO_LONG)
    .nullable()
    .optional()
    .describe('Why (optional, at most 2,000 characters).'),
  notifyCandidate: z
    .boolean('Must be true or false')
    .optional()
    .describe("Also email the candidate an ADVANCE or REJECT (the organization's template, else the default in the candidate's language); default false. Nothing is sent for HOLD, nor if the decision is replaced before the email goes."),
});
export type DecideInterviewInput = z.infer<typeof DecideInterviewInputSchema>;

export const DecisionHistoryEntrySchema = DecisionSchema.extend({
  id: z.string().describe('Decision id (dcn_…).'),
  current: z.boolean().describe('True for the current decision; false for one a later decision replaced.'),
});
export type DecisionHistoryEntry = z.infer<typeof DecisionHistoryEntrySchema>;
