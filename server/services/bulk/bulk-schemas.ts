import { z } from 'zod';
import { BULK_KINDS, BULK_OUTCOMES, BULK_STATUSES, DECISION_STATUSES } from '@/db/schema';
import { CandidateTagsSchema } from '../candidates/candidate-schemas';
import { InterviewStatusSchema } from '../interviews/interview-schemas';
import { idString, isoDateTime } from '../fields';

/** The most rows one bulk action may cover; a larger "all matching" selection asks for a narrower filter. */
export const BULK_MAX_ROWS = 10_000;
/** Ids sent from the browser: at most one page of the list (the page size's maximum). */
export const BULK_MAX_IDS = 100;

const ids = (kind: string) =>
  z
    .array(idString(`${kind} id.`))
    .min(1, 'Select at least one row')
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} ids; select "all matching the filter" for more`);

/** The candidates list's filters, as its URL holds them. */
export const CandidateFilterSchema = z.strictObject({
  search: z.string().max(200).optional(),
  tags: z.array(z.string().max(50)).max(50).optional(),
  jobId: z.string().max(100).optional(),
  campaignId: z.string().max(100).optional(),
});
export type CandidateFilterInput = z.infer<typeof CandidateFilterSchema>;

/** The interviews list's filters, as its URL holds them. */
export const InterviewFilterSchema = z.strictObject({
  status: InterviewStatusSchema.optional(),
  jobId: z.string().max(100).optional(),
  campaignId: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
});
export type InterviewFilterInput = z.infer<typeof InterviewFilterSchema>;

/**
 * What the recruiter selected: the rows of the page (ids), or every row matching the list's filter. The filter
 * is resolved on the server when the operation starts, never by the browser sending every id.
 */
export const CandidateSelectionSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('ids'), ids: ids('Candidate') }),
  z.strictObject({ mode: z.literal('filter'), filter: CandidateFilterSchema }),
]);
export type CandidateSelection = z.infer<typeof CandidateSelectionSchema>;

export const InterviewSelectionSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('ids'), ids: ids('Interview') }),
  z.strictObject({ mode: z.literal('filter'), filter: InterviewFilterSchema }),
]);
export type InterviewSelection = z.infer<typeof InterviewSelectionSchema>;

export const BulkInviteInputSchema = z.strictObject({
  selection: CandidateSelectionSchema,
  campaignId: idString('Campaign id (cmp_…).'),
  stageId: idString('Stage id (stg_…) of that campaign.').optional(),
  configId: idString('Interview configuration id (cfg_…).').optional(),
  expiresAt: isoDateTime().optional(),
});
export type BulkInviteInput = z.infer<typeof BulkInviteInputSchema>;

export const BulkTagInputSchema = z
  .strictObject({
    selection: CandidateSelectionSchema,
    add: CandidateTagsSchema.default([]),
    remove: CandidateTagsSchema.default([]),
  })
  .refine((v) => v.add.length + v.remove.length > 0, { message: 'Give a tag to add or remove', path: ['add'] });
export type BulkTagInput = z.infer<typeof BulkTagInputSchema>;

export const BulkInterviewActionInputSchema = z.strictObject({ selection: InterviewSelectionSchema });

export const BulkDecideInputSchema = z.strictObject({
  selection: InterviewSelectionSchema,
  status: z.enum(DECISION_STATUSES),
  reason: z.string().trim().max(2000, 'Must be at most 2000 characters').nullable().optional(),
  /** Email each candidate an ADVANCE or REJECT, as the single decision's checkbox does. */
  notifyCandidate: z.boolean().optional(),
});
export type BulkDecideInput = z.infer<typeof BulkDecideInputSchema>;

export const BulkRowResultSchema = z.object({
  position: z.number().int(),
  targetId: z.string(),
  /** The candidate's name or email as the list shows it; null once erased. */
  label: z.string().nullable(),
  outcome: z.enum(BULK_OUTCOMES).nullable().describe('null while the row waits its turn'),
  reason: z.string().nullable(),
  resultId: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;

export const BulkOperationSchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  status: z.enum(BULK_STATUSES),
  total: z.number().int(),
  done: z.number().int().describe('Rows with an outcome (ok, skipped or failed).'),
  ok: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Ran in the background (over the inline limit): the page polls it. */
  background: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The rows that were not ok first, then the others, at most RESULT_ROWS of them. */
  results: z.array(BulkRowResultSchema),
});
export type BulkOperationDto = z.infer<typeof BulkOperationSchema>;

export const BulkExportOutputSchema = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
