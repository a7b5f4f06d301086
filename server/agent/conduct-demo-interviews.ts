import type { Database } from '@/db/client';
import { createInProcessFetch } from '@/server/agent/in-process-fetch';
import { conductInterview } from '@/server/agent/simulated-agent';
import { mintMediaToken } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { createInterview } from '@/server/services/interviews/create-interview';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import type { DemoSeedResult } from '@/server/services/demo/seed-demo';

/**
 * Finished interviews for the demo: the simulated voice agent conducts interviews with the seeded candidates who
 * have none yet, through the real internal routes (in this process), and their reports are generated at once, so
 * a newcomer's first look at the dashboard and at REST v1 shows transcripts, scorecards and exports.
 * Needs the process-wide database (setDatabase) because the routes read it.
 */
export async function conductDemoInterviews(db: Database, seeded: DemoSeedResult): Promise<string[]> {
  const fetch = createInProcessFetch();
  const completed: string[] = [];
  for (const [index, setup] of seeded.setups.entries()) {
    // The seed gives interviews to the first five candidates of the first job and the first four of the others.
    const free = setup.candidateIds.slice(index === 0 ? 5 : 4);
    for (const candidateId of free) {
      const interview = await createInterview(db, {
        orgId: seeded.orgId,
        candidateId,
        jobId: setup.jobId,
        campaignId: setup.campaignId,
        stageId: setup.stageIds[0],
        configId: setup.configId,
        sendInvite: false,
      });
      const { token } = await mintMediaToken(interview.id);
      const result = await conductInterview({ baseUrl: getEnv().APP_URL, interviewId: interview.id, auth: { mediaToken: token }, fetch });
      if (result.finalize.reportId) await generateInterviewReport(db, { reportId: result.finalize.reportId });
      completed.push(interview.id);
    }
  }
  return completed;
}
