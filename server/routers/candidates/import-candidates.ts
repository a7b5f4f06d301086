import { importCandidates } from '@/server/services/candidates/import-candidates';
import { ImportCandidatesInputSchema, ImportCandidatesOutputSchema } from '@/server/services/candidates/candidate-import-schemas';
import { recruiterProcedure } from '@/server/trpc';

/** Dashboard only: a CSV upload of candidates, checked (dryRun) and then imported, with a per-row report. */
export const importCandidatesProcedure = recruiterProcedure
  .input(ImportCandidatesInputSchema)
  .output(ImportCandidatesOutputSchema)
  .mutation(({ ctx, input }) => importCandidates(ctx.db, { orgId: ctx.orgId, csv: input.csv, dryRun: input.dryRun, audit: ctx.audit }));
