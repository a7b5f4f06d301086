import { z } from 'zod';
import { BulkOperationSchema } from '../bulk/bulk-schemas';
import { CANDIDATE_IMPORT_MAX_BYTES } from '../candidates/parse-candidate-csv';
import { idString } from '../fields';

/** The most addresses one paste may hold (a CSV file may hold up to the import's own limit). */
export const MAX_PASTED_ADDRESSES = 500;

export const InviteByEmailInputSchema = z
  .strictObject({
    campaignId: idString('Campaign id (cmp_…).'),
    stageId: idString('Stage id (stg_…) of that campaign.').optional(),
    /** One address per line or comma-separated; `Jane Doe <jane@example.com>` gives the name too. */
    emails: z.string().max(100_000, 'At most 100,000 characters: upload a CSV file for more').default(''),
    /** A candidate CSV file's text (the columns of the candidate import: email, firstName, lastName, …). */
    csv: z.string().max(CANDIDATE_IMPORT_MAX_BYTES, `The file is larger than ${CANDIDATE_IMPORT_MAX_BYTES / 1024 / 1024} MiB: split it`).optional(),
  })
  .refine((v) => v.emails.trim() !== '' || (v.csv ?? '').trim() !== '', { message: 'Give at least one email address or a CSV file', path: ['emails'] });
export type InviteByEmailInput = z.input<typeof InviteByEmailInputSchema>;

export const InviteByEmailOutputSchema = z.object({
  /** The invitations, one row per distinct candidate (created, skipped as already invited, or failed). */
  operation: BulkOperationSchema.nullable(),
  /** Candidates created for addresses the organization did not know yet. */
  createdCandidates: z.number().int(),
  /** Lines (or CSV rows) that invited nobody, each with what to fix. Nothing else was dropped. */
  errors: z.array(z.object({ source: z.enum(['text', 'csv']), line: z.number().int(), entry: z.string(), message: z.string() })),
});
export type InviteByEmailOutput = z.infer<typeof InviteByEmailOutputSchema>;
