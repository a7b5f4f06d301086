import { seedOrganization } from '../lib/seed';
import type { Scenario } from '../lib/scenario';

/**
 * REST v1 interviews on an organization with 100,000 interviews (and a smaller second tenant beside it, so the
 * organization filter has something to filter out): the first page, a deep page and a retrieve with its
 * transcript and report.
 */
export const v1InterviewsScenario: Scenario = {
  name: 'v1-interviews',
  description: 'GET /api/v1/interviews (page 1, deep page) and GET /api/v1/interviews/:id on 100,000 interviews',
  prepare: async (db) => {
    const main = await seedOrganization(db.sql, 'Bench main', { interviews: 100_000, candidates: 20_000, jobs: 25, turnsPerInterview: 10 });
    const neighbour = await seedOrganization(db.sql, 'Bench neighbour', { interviews: 20_000, candidates: 5_000, jobs: 10, turnsPerInterview: 0 });
    const ids = main.sampleInterviewIds;
    return {
      apiKey: main.apiKey,
      dataset: { organization: main.counts, neighbour: { interviews: neighbour.counts.interviews } },
      readyPath: '/api/v1/interviews?pageSize=1',
      bare: true,
      // The web process only: pg-boss's polling would add its fixed DB cost to every request's share.
      serverEnv: { RUN_WORKER: 'false' },
      measurements: [
        // The floor under every v1 request: routing, key lookup and rate limit, no query (an unknown path, 404).
        { name: 'baseline: GET /api/v1/unknown (404)', path: () => '/api/v1/unknown', expectStatus: 404 },
        { name: 'GET /api/v1/interviews (page 1)', path: () => '/api/v1/interviews', targetP95Ms: 25, baseline: { minThroughputRatio: 0.75 } },
        { name: 'GET /api/v1/interviews?page=4000', path: () => '/api/v1/interviews?page=4000' },
        { name: 'GET /api/v1/interviews?status=EXPIRED', path: () => '/api/v1/interviews?status=EXPIRED' },
        { name: 'GET /api/v1/interviews/:id', path: (i) => `/api/v1/interviews/${ids[i % ids.length]}`, targetP95Ms: 15, baseline: { minThroughputRatio: 0.75 } },
      ],
    };
  },
};
