import { performance } from 'node:perf_hooks';
import { openDatabase } from '@/db/client';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { seedOrganization } from '../lib/seed';
import { perRequestCpu, type Scenario } from '../lib/scenario';
import { summarize } from '../lib/stats';

const TURNS = 200; // 100 agent, 100 candidate turns with an evaluation
const RUNS = 60;
const WARMUP_RUNS = 5;
const TARGET_P95_MS = 50;

/**
 * The generate-report job's body, in the bench process on the bench database (no server, no language model:
 * the rules path): each run inserts a fresh COMPLETED interview with 200 turns and a PENDING report (not timed),
 * then times generateInterviewReport on it.
 */
export const reportGenerationScenario: Scenario = {
  name: 'report-generation',
  description: `generateInterviewReport (rules) on an interview with ${TURNS} turns, ${RUNS} fresh PENDING reports, in-process`,
  noServer: true,
  prepare: async (db) => {
    const org = await seedOrganization(db.sql, 'Bench reports', { interviews: 2_000, candidates: 500, jobs: 5, turnsPerInterview: 10 });
    const [template] = await db.sql`select candidate_id, job_id, campaign_id, stage_id, config_id from interviews
      where org_id = ${org.orgId} and status = 'COMPLETED' and config_id is not null limit 1`;
    return {
      apiKey: org.apiKey,
      dataset: { organization: org.counts, turnsPerInterview: TURNS, runs: RUNS },
      readyPath: '/',
      noServer: true,
      measurements: [],
      run: async ({ db, startCpu, print }) => {
        delete process.env.LLM_BASE_URL; // the rules summary
        const handle = await openDatabase({ databaseUrl: db.url, poolSize: 4 });
        try {
          let seq = 0;
          const freshReport = async (): Promise<string> => {
            seq++;
            const interviewId = `itv_bench${String(seq).padStart(17, '0')}`;
            const reportId = `rpt_bench${String(seq).padStart(17, '0')}`;
            await db.sql.begin(async (tx) => {
              await tx`insert into interviews (id, org_id, candidate_id, job_id, campaign_id, stage_id, config_id, status, expires_at, invited_at, started_at, completed_at, ended_at)
                values (${interviewId}, ${org.orgId}, ${template.candidate_id}, ${template.job_id}, ${template.campaign_id}, ${template.stage_id}, ${template.config_id},
                  'COMPLETED', now() + interval '7 days', now() - interval '1 hour', now() - interval '50 minutes', now(), now())`;
              await tx.unsafe(`insert into turns (interview_id, turn_number, org_id, role, content, audio_url, evaluation, created_at, updated_at)
                select '${interviewId}', t, '${org.orgId}', case when t % 2 = 1 then 'agent' else 'candidate' end,
                  repeat('Benchmark transcript text with some substance to it. ', 6) || t,
                  'https://media.example.com/bench/' || t || '.webm',
                  case when t % 2 = 0 then jsonb_build_object('scores', jsonb_build_object('communication', t % 11, 'technical', (t * 7) % 11),
                    'flags', case when t % 40 = 0 then '["off_topic"]'::jsonb else '[]'::jsonb end, 'comment', 'Scored answer ' || t) end,
                  now() - interval '50 minutes' + t * interval '10 seconds', now() - interval '50 minutes' + t * interval '10 seconds'
                from generate_series(1, ${TURNS}) t`);
              await tx`insert into reports (id, org_id, type, interview_id, status) values (${reportId}, ${org.orgId}, 'interview', ${interviewId}, 'PENDING')`;
            });
            return reportId;
          };
          const time = async (reportId: string) => {
            const t0 = performance.now();
            const outcome = await generateInterviewReport(handle.db, { reportId });
            const ms = performance.now() - t0;
            if (outcome.outcome !== 'ready') throw new Error(`report ${reportId}: ${JSON.stringify(outcome)}`);
            return ms;
          };
          for (let i = 0; i < WARMUP_RUNS; i++) await time(await freshReport());
          const ids: string[] = [];
          for (let i = 0; i < RUNS; i++) ids.push(await freshReport());
          await db.sql`analyze turns`;
          const latencies: number[] = [];
          const stopCpu = await startCpu();
          const started = performance.now();
          for (const id of ids) latencies.push(await time(id));
          const durationMs = performance.now() - started;
          const cpu = await stopCpu();
          const summary = { ...summarize(latencies, 0, durationMs), statuses: { ready: latencies.length } };
          const [sample] = await db.sql`select overall_score, recommendation, generator, coverage from reports where id = ${ids[0]}`;
          const endpoint = {
            name: `generateInterviewReport (${TURNS} turns, rules)`,
            targetP95Ms: TARGET_P95_MS,
            pass: summary.p95Ms <= TARGET_P95_MS,
            ...summary,
            // No server here: the bench process is the app (its CPU is `client`); db is the PostgreSQL backends.
            cpuMsPerRequest: perRequestCpu(cpu, summary.requests),
            extra: { 'p50 / p95 / max': `${summary.p50Ms} / ${summary.p95Ms} / ${summary.maxMs} ms`, sampleReport: sample },
          };
          print(endpoint);
          return [endpoint];
        } finally {
          await handle.close();
        }
      },
    };
  },
};
