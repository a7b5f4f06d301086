import { performance } from 'node:perf_hooks';
import { seedOrganization } from '../lib/seed';
import { perRequestCpu, type Scenario } from '../lib/scenario';
import { summarize } from '../lib/stats';

const AGENT_SECRET = 'bench-agent-secret-0123456789abcdef';
const INTERVIEWS_IN_FLIGHT = 50;
const TARGET_P99_MS = 15;

/**
 * The agent's write path: 50 interviews in flight at once, each client conducting its own interview (turn 1, 2, 3…
 * agent and candidate alternating, candidate turns with an evaluation), one turn after the other. Afterwards the
 * database must hold every turn sent exactly once per interview: no gap, no duplicate.
 */
export const agentTurnsScenario: Scenario = {
  name: 'agent-turns',
  description: `POST /api/interviews/:id/turns with ${INTERVIEWS_IN_FLIGHT} interviews in flight (X-Agent-Secret), then a stored-exactly-once check`,
  prepare: async (db) => {
    const org = await seedOrganization(db.sql, 'Bench agent', { interviews: 10_000, candidates: 2_000, jobs: 10, turnsPerInterview: 0 });
    // Interviews the agent may record turns on and that have no turn yet: IN_PROGRESS, or INVITED and not lapsed.
    const rows = await db.sql`select i.id from interviews i
      where i.org_id = ${org.orgId} and (i.status = 'IN_PROGRESS' or (i.status = 'INVITED' and i.expires_at > now() + interval '1 hour'))
        and not exists (select 1 from turns t where t.interview_id = i.id)
      order by md5(i.id) limit ${INTERVIEWS_IN_FLIGHT * 3}`;
    const ids = rows.map((r) => r.id as string);
    if (ids.length < INTERVIEWS_IN_FLIGHT * 3) throw new Error(`only ${ids.length} interviews to conduct`);
    const measuredIds = ids.slice(0, INTERVIEWS_IN_FLIGHT);
    const warmupIds = ids.slice(INTERVIEWS_IN_FLIGHT, INTERVIEWS_IN_FLIGHT * 2);
    const pacedIds = ids.slice(INTERVIEWS_IN_FLIGHT * 2);
    return {
      apiKey: org.apiKey,
      dataset: { organization: org.counts, interviewsInFlight: INTERVIEWS_IN_FLIGHT },
      readyPath: '/api/v1/interviews?pageSize=1',
      measurements: [],
      run: async ({ db, server, startCpu, options, print }) => {
        const url = server!.url;
        const post = async (interviewId: string, n: number): Promise<number> => {
          const candidate = n % 2 === 0;
          const body = {
            turnNumber: n,
            role: candidate ? 'candidate' : 'agent',
            content: candidate ? `Candidate answer number ${n}: I worked on a distributed system and fixed a race condition.` : `Question ${n}: tell me more about that?`,
            audioUrl: `https://media.example.com/bench/${interviewId}/${n}.webm`,
            ...(candidate ? { evaluation: { scores: { communication: 6 + (n % 4), technical: 5 + (n % 5) }, flags: [] } } : { isPendingQuestion: true }),
          };
          const res = await fetch(`${url}/api/interviews/${interviewId}/turns`, {
            method: 'POST',
            headers: { 'x-agent-secret': AGENT_SECRET, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          return res.status;
        };

        /** Each client conducts one interview: turns 1..n in order until the shared budget or the time runs out. */
        const conduct = async (interviewIds: string[], maxRequests: number, maxDurationMs: number, thinkMs = 0) => {
          const latencies: number[] = [];
          const statuses: Record<string, number> = {};
          const sent = new Map<string, number>();
          let issued = 0;
          let errors = 0;
          const started = performance.now();
          const deadline = started + maxDurationMs;
          await Promise.all(
            interviewIds.map(async (id) => {
              let n = 0;
              while (issued < maxRequests && performance.now() < deadline && n < 10_000) {
                issued++;
                n++;
                const t0 = performance.now();
                let status: number | string;
                try {
                  status = await post(id, n);
                } catch (error) {
                  status = `error:${(error as Error).name}`;
                }
                latencies.push(performance.now() - t0);
                statuses[status] = (statuses[status] ?? 0) + 1;
                if (status !== 201) errors++;
                sent.set(id, n);
                if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
              }
            }),
          );
          return { summary: { ...summarize(latencies, errors, performance.now() - started), statuses }, sent };
        };

        const measure = async (measuredIds: string[], label: string, thinkMs: number) => {
        const stopCpu = await startCpu();
        const { summary, sent } = await conduct(measuredIds, thinkMs ? Math.min(options.maxRequests, 2_000) : options.maxRequests, options.maxDurationMs, thinkMs);
        const cpu = await stopCpu();

        // Every turn sent stored exactly once: count = sent, turn numbers 1..sent, no duplicates.
        const stored = await db.sql`select interview_id, count(*)::int as n, count(distinct turn_number)::int as distinct_n,
            min(turn_number)::int as min_n, max(turn_number)::int as max_n
          from turns where interview_id in ${db.sql(measuredIds)} group by interview_id`;
        const byId = new Map(stored.map((r) => [r.interview_id as string, r]));
        const problems: string[] = [];
        for (const id of measuredIds) {
          const expected = sent.get(id) ?? 0;
          const r = byId.get(id);
          const n = r ? Number(r.n) : 0;
          if (expected === 0 && !r) continue;
          if (!r || n !== expected || Number(r.distinct_n) !== n || Number(r.min_n) !== 1 || Number(r.max_n) !== expected) {
            problems.push(`${id}: sent ${expected}, stored ${n} (distinct ${r?.distinct_n ?? 0}, ${r?.min_n ?? '-'}..${r?.max_n ?? '-'})`);
          }
        }
        const pendingRows = await db.sql`select interview_id, count(*)::int as n from turns
          where interview_id in ${db.sql(measuredIds)} and is_pending_question group by interview_id having count(*) > 1`;
        const totalSent = [...sent.values()].reduce((a, b) => a + b, 0);
        const integrityPass = problems.length === 0 && pendingRows.length === 0;
        const latencyPass = summary.errors === 0 && summary.p99Ms <= TARGET_P99_MS;
        const endpoint = {
          name: `POST /api/interviews/:id/turns (${INTERVIEWS_IN_FLIGHT} in flight, ${label})`,
          targetP95Ms: null,
          targetLabel: `p99 ≤ ${TARGET_P99_MS} ms`,
          pass: latencyPass && integrityPass,
          ...summary,
          cpuMsPerRequest: perRequestCpu(cpu, summary.requests),
          extra: {
            'latency (p99 target)': latencyPass ? 'PASS' : `FAIL: p99 ${summary.p99Ms} ms vs ${TARGET_P99_MS} ms`,
            'stored exactly once': integrityPass
              ? `PASS: ${totalSent} turns sent over ${sent.size} interviews, each interview's turns 1..n stored once, at most one pending question`
              : `FAIL: ${problems.length} interviews wrong, ${pendingRows.length} with several pending questions; ${problems.slice(0, 5).join('; ')}`,
            turnsPerInterview: { min: Math.min(...sent.values()), max: Math.max(...sent.values()) },
          },
        };
        print(endpoint);
        return endpoint;
        };
        await conduct(warmupIds, options.warmupRequests, 10_000);
        // Closed loop: each agent sends its next turn as soon as the previous one is answered (saturation).
        const closed = await measure(measuredIds, 'closed loop', 0);
        // Paced: each agent waits 200..600 ms between turns (≈ 125 turns/s offered), the latency of a turn without a queue.
        const paced = await measure(pacedIds, 'paced 400 ms', 400);
        return [closed, paced];
      },
    };
  },
};
