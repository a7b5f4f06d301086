import { z } from 'zod';
import { CandidateDataExportSchema } from '@/server/services/data-rights/data-rights-schemas';
import { exportCandidateData } from '@/server/services/data-rights/export-candidate-data';
import { scopesOf } from '@/server/auth/principal';
import { scopedProcedure } from '@/server/trpc';

export const ExportCandidateDataInputSchema = z.strictObject({ id: z.string().describe('Candidate id (cnd_…).') });

/** GDPR Art. 15 on both surfaces: GET /api/v1/candidates/{id}/export and the profile's download button. */
export const exportCandidateDataProcedure = scopedProcedure('candidates:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/candidates/{id}/export',
      tags: ['Candidates'],
      summary: "Export everything held about a candidate (GDPR access)",
      description:
        'Scope candidates:read. One JSON document: the profile, every interview as retrieve gives it with its full report, test results, emails sent (kind, to, subject, sentAt), notes, exportedAt. Each section holds only what the key could read elsewhere: interviews need interviews:read, reports (each interview\'s `report`, and `testSessions`) reports:read, notes both; a section the key cannot read is null and named in `omitted` with the scopes it misses (`[]` when complete). Audited.',
    },
  })
  .input(ExportCandidateDataInputSchema)
  .output(CandidateDataExportSchema)
  .query(({ ctx, input }) => exportCandidateData(ctx.db, { orgId: ctx.orgId, id: input.id, scopes: scopesOf(ctx.principal), audit: ctx.audit }));
