import { z } from 'zod';
import { getInterviewView } from '@/server/services/dashboard/get-interview-view';
import { InterviewViewSchema } from '@/server/services/dashboard/dashboard-schemas';
import { memberProcedure } from '@/server/trpc';

export const getInterviewViewProcedure = memberProcedure
  .input(z.strictObject({ id: z.string().max(100) }))
  .output(InterviewViewSchema)
  .query(({ ctx, input }) => getInterviewView(ctx.db, { orgId: ctx.orgId, id: input.id, viewerUserId: ctx.principal.userId }));
