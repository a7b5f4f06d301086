import { z } from 'zod';
import { getEnv } from '@/server/env';
import { getBulkOperation } from '@/server/services/bulk/get-bulk-operation';
import { BulkOperationSchema } from '@/server/services/bulk/bulk-schemas';
import { memberProcedure } from '@/server/trpc';

/** An operation's progress and per-row results (the page polls it while a background operation runs). */
export const getBulkOperationProcedure = memberProcedure
  .input(z.strictObject({ id: z.string().max(100) }))
  .output(BulkOperationSchema)
  .query(({ ctx, input }) => getBulkOperation(ctx.db, { orgId: ctx.orgId, id: input.id, inlineLimit: getEnv().BULK_INLINE_LIMIT }));
