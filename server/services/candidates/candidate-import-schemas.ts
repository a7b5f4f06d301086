import { z } from 'zod';
import { CANDIDATE_IMPORT_MAX_BYTES } from './parse-candidate-csv';

export const ImportCandidatesInputSchema = z.strictObject({
  // Characters never outnumber UTF-8 bytes, so this bound refuses early what the byte limit would refuse anyway.
  csv: z.string('Required').max(CANDIDATE_IMPORT_MAX_BYTES, `The file is larger than ${CANDIDATE_IMPORT_MAX_BYTES / 1024 / 1024} MiB: split it`),
  /** Check only: the report of what an import would do, nothing written. */
  dryRun: z.boolean().default(false),
});
export type ImportCandidatesInput = z.infer<typeof ImportCandidatesInputSchema>;

export const ImportCandidatesOutputSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows in the file (blank lines aside). */
  rows: z.number().int(),
  /** Candidates created, or that would be created by a dry run. */
  imported: z.number().int(),
  created: z.array(z.object({ row: z.number().int(), id: z.string().nullable(), email: z.string() })),
  /** Rows skipped because their email is taken: by a candidate of the organization, or by an earlier row of the file. */
  duplicates: z.array(
    z.object({ row: z.number().int(), email: z.string(), existingId: z.string().nullable(), duplicateOfRow: z.number().int().nullable() }),
  ),
  /** Rows skipped because a field breaks the create rules: one entry per problem. */
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type ImportCandidatesOutput = z.infer<typeof ImportCandidatesOutputSchema>;
