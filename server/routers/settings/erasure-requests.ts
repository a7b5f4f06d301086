import { z } from 'zod';
import { ErasureRequestSchema, listErasureRequests } from '@/server/services/data-rights/erasure-requests';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only (Settings → Data retention): the erasure requests, open ones first with their 30-day deadline. */
export const listErasureRequestsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(z.array(ErasureRequestSchema))
  .query(({ ctx }) => listErasureRequests(ctx.db, { orgId: ctx.orgId }));
