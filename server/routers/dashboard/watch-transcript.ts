import { z } from 'zod';
import { isSessionActive } from '@/server/services/auth/get-session-principal';
import { watchTranscript } from '@/server/services/dashboard/watch-transcript';
import { memberProcedure } from '@/server/trpc';

/** Server-sent events: the transcript of an interview as the agent records it (see watchTranscript). */
export const watchTranscriptProcedure = memberProcedure
  .input(z.strictObject({ interviewId: z.string().max(100) }))
  .subscription(({ ctx, input, signal }) =>
    watchTranscript(ctx.db, {
      orgId: ctx.orgId,
      interviewId: input.interviewId,
      signal,
      isStillAllowed: () => isSessionActive(ctx.db, ctx.principal.sessionId),
      viewerUserId: ctx.principal.userId,
    }),
  );
