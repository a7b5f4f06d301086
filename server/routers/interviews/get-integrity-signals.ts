import { z } from 'zod';
import { getIntegritySignals } from '@/server/services/integrity/get-integrity-signals';
import { IntegritySignalsSchema } from '@/server/services/integrity/integrity-schemas';
import { memberProcedure } from '@/server/trpc';

/** Dashboard only: the interview's integrity signals (facts, never a score), as the v1 report's `integrity`. */
export const getIntegritySignalsProcedure = memberProcedure
  .input(z.strictObject({ id: z.string().min(1).max(100) }))
  .output(IntegritySignalsSchema)
  .query(({ ctx, input }) => getIntegritySignals(ctx.db, { orgId: ctx.orgId, interviewId: input.id }));
