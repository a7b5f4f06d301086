import { z } from 'zod';
import { conductInterview } from '@/server/agent/simulated-agent';
import { mintMediaToken } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { createDemoInterview } from '@/server/services/demo/create-demo-interview';
import { agentFetch } from '@/server/services/interviewer/agent-transport';
import { recruiterProcedure } from '@/server/trpc';

export const RunDemoInterviewInputSchema = z.strictObject({});
export const RunDemoInterviewOutputSchema = z.object({ id: z.string(), status: z.literal('STARTED') });

/**
 * Dashboard only: a new demo interview (a sample candidate in the organization's sample campaign, never a real
 * candidate's interview) on which the simulated agent plays both sides of a scripted conversation, through the
 * internal routes with the interview's media token, paced so the live transcript shows it unfold. It runs in the
 * background; the interview page follows it like any other.
 */
export const runDemoInterviewProcedure = recruiterProcedure
  .input(RunDemoInterviewInputSchema)
  .output(RunDemoInterviewOutputSchema)
  .mutation(async ({ ctx }) => {
    const { id } = await createDemoInterview(ctx.db, { orgId: ctx.orgId, audit: ctx.audit });
    const env = getEnv();
    const media = await mintMediaToken(id);
    conductInterview({ baseUrl: env.APP_URL, interviewId: id, auth: { mediaToken: media.token }, fetch: agentFetch(), pauseBetweenTurnsMs: env.DEMO_AGENT_TURN_DELAY_MS }).catch((error) =>
      log.warn({ err: error, interviewId: id }, 'demo interview stopped before the end'),
    );
    return { id, status: 'STARTED' as const };
  });
