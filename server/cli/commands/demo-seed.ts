import { getEnv } from '@/server/env';
import { conductDemoInterviews } from '@/server/agent/conduct-demo-interviews';
import { seedDemo } from '@/server/services/demo/seed-demo';
import type { CliCommand } from '../command';

export const demoSeedCommand: CliCommand = {
  name: 'demo:seed',
  usage: 'demo:seed',
  async run({ database }) {
    const seeded = await seedDemo(database.db);
    const completed = await conductDemoInterviews(database.db, seeded);
    // The agent secret is configuration, not data: shown when set so the demo can be driven end to end.
    const agentSecret = getEnv().AGENT_SECRET;
    return { ...seeded, interviewIds: { ...seeded.interviewIds, completed }, ...(agentSecret ? { agentSecret } : {}) };
  },
};
