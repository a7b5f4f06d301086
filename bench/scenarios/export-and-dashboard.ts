import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/password';
import { newId } from '@/server/ids';
import { signIn } from '@/server/services/auth/sign-in';
import { processGroupPids } from '../lib/cpu';
import { runLoad } from '../lib/load';
import { seedOrganization } from '../lib/seed';
import { perRequestCpu, type MeasuredEndpoint, type Scenario } from '../lib/scenario';
import { summarize } from '../lib/stats';

const INTERVIEWS = 100_000;
const TARGET_ROWS_PER_SECOND = 20_000;
const TARGET_RSS_GROWTH_MB = 100;
const TARGET_DASHBOARD_P95_MS = 300;

/** Resident memory of the server's process group, in kB (/proc/<pid>/status VmRSS, summed). */
function groupRssKb(pgid: number): number {
  let total = 0;
  for (const pid of processGroupPids(pgid)) {
    try {
      const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) total += Number(match[1]);
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * One campaign with 100,000 COMPLETED interviews and READY reports: (a) the CSV export of that campaign, read as a
 * stream (rows counted as they arrive), its rows/s and the server's peak RSS growth; (b) the dashboard's
 * interviews page (server-rendered HTML, signed-in recruiter) with those 100,000 interviews in the organization.
 */
export const exportAndDashboardScenario: Scenario = {
  name: 'export-and-dashboard',
  description: `CSV export of a campaign with ${INTERVIEWS.toLocaleString('en')} completed interviews (rows/s, server RSS growth); dashboard /interviews page`,
  prepare: async (db) => {
    const org = await seedOrganization(db.sql, 'Bench export', { interviews: 0, candidates: 20_000, jobs: 5, turnsPerInterview: 0 });
    const [campaign] = await db.sql`select id, job_id from campaigns where org_id = ${org.orgId} order by id limit 1`;
    const [config] = await db.sql`select id from interview_configs where org_id = ${org.orgId} order by id limit 1`;
    const p = org.orgId.slice(4);
    const chunk = 25_000;
    for (let from = 1; from <= INTERVIEWS; from += chunk) {
      const to = Math.min(INTERVIEWS, from + chunk - 1);
      await db.sql.unsafe(`insert into interviews (id, org_id, candidate_id, job_id, campaign_id, config_id, status, expires_at, invited_at,
          started_at, completed_at, ended_at, audio_url, created_at, updated_at)
        select 'itv_' || substr(md5('${p}itvx' || g), 1, 22), '${org.orgId}', c.ids[1 + (g * 7919) % array_length(c.ids, 1)], '${campaign.job_id}', '${campaign.id}',
          '${config.id}', 'COMPLETED', t.created + interval '7 days', t.created, t.created + interval '1 day', t.created + interval '1 day 20 minutes',
          t.created + interval '1 day 20 minutes', 'https://media.example.com/' || g || '.webm', t.created, t.created
        from generate_series(${from}, ${to}) g
        cross join (select array_agg(id order by id) as ids from candidates where org_id = '${org.orgId}') c
        cross join lateral (select now() - g * interval '5 minutes' as created) t`);
    }
    await db.sql.unsafe(`insert into reports (id, org_id, type, interview_id, status, overall_score, recommendation, summary, criteria, flags, coverage, generator, created_at, completed_at)
      select 'rpt_' || substr(md5('${p}rpt' || i.id), 1, 22), i.org_id, 'interview', i.id, 'READY', 40 + (abs(hashtext(i.id)) % 60),
        (array['STRONG_YES','YES','NO','DEFINITELY_NO'])[1 + abs(hashtext(i.id)) % 4], 'Seeded summary of the interview, with a comma, and "quotes".',
        '[{"key":"communication","label":"Communication","score":7,"weight":1,"evidenceTurns":[2,4]},{"key":"technical","label":"Technical depth","score":6,"weight":2,"evidenceTurns":[6]}]'::jsonb,
        '[]'::jsonb, '{"candidateTurns":5,"scoredTurns":5}'::jsonb, 'rules', i.completed_at, i.completed_at
      from interviews i where i.org_id = '${org.orgId}' and i.status = 'COMPLETED'`);
    await db.sql.unsafe('vacuum analyze');
    const [counts] = await db.sql`select (select count(*)::int from interviews where org_id = ${org.orgId}) as interviews,
      (select count(*)::int from reports where org_id = ${org.orgId} and status = 'READY') as reports`;

    // A recruiter of the organization and a session, as the sign-in form would open it.
    const email = 'bench.recruiter@example.com';
    const password = 'bench-password-0123456789';
    const handle = await openDatabase({ databaseUrl: db.url, poolSize: 1 });
    let token: string;
    try {
      await handle.db.insert(users).values({ id: newId('user'), orgId: org.orgId, email, name: 'Bench Recruiter', passwordHash: await hashPassword(password) });
      ({ token } = await signIn(handle.db, { email, password }));
    } finally {
      await handle.close();
    }

    return {
      apiKey: org.apiKey,
      dataset: { campaignId: campaign.id, interviews: counts.interviews, readyReports: counts.reports, candidates: org.counts.candidates },
      readyPath: '/api/v1/interviews?pageSize=1',
      measurements: [],
      run: async ({ server, startCpu, print }) => {
        const url = server!.url;
        const results: MeasuredEndpoint[] = [];

        // (a) The export, twice (cold, then warm), each read as a stream.
        const exportOnce = async () => {
          const baseline = groupRssKb(server!.pid);
          let peak = baseline;
          const sampler = setInterval(() => {
            peak = Math.max(peak, groupRssKb(server!.pid));
          }, 50);
          const stopCpu = await startCpu();
          const t0 = performance.now();
          const res = await fetch(`${url}/api/v1/reports/export?campaignId=${campaign.id}&format=csv&type=interviews`, {
            headers: { authorization: `Bearer ${org.apiKey}` },
          });
          let newlines = 0;
          let bytes = 0;
          let firstByteMs = Number.NaN;
          const reader = res.body!.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
            bytes += value.byteLength;
            for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
          }
          const ms = performance.now() - t0;
          clearInterval(sampler);
          peak = Math.max(peak, groupRssKb(server!.pid));
          const cpu = await stopCpu();
          const rows = Math.max(0, newlines - 1); // minus the header row (the summaries hold no line break)
          return { status: res.status, ms, rows, bytes, firstByteMs, rssGrowthMb: (peak - baseline) / 1024, baselineMb: baseline / 1024, cpu };
        };
        for (const label of ['cold', 'warm']) {
          const r = await exportOnce();
          const rowsPerSecond = Math.round(r.rows / (r.ms / 1000));
          const pass = r.status === 200 && r.rows === INTERVIEWS && rowsPerSecond >= TARGET_ROWS_PER_SECOND && r.rssGrowthMb <= TARGET_RSS_GROWTH_MB;
          const endpoint: MeasuredEndpoint = {
            name: `GET /api/v1/reports/export csv (${label})`,
            targetP95Ms: null,
            targetLabel: `≥ ${TARGET_ROWS_PER_SECOND} rows/s and RSS growth ≤ ${TARGET_RSS_GROWTH_MB} MB`,
            pass,
            ...summarize([r.ms], r.status === 200 ? 0 : 1, r.ms),
            statuses: { [r.status]: 1 },
            // Per 1,000 exported rows rather than per request.
            cpuMsPerRequest: perRequestCpu(r.cpu, Math.max(1, r.rows / 1000)),
            extra: {
              rows: r.rows,
              'rows/s': `${rowsPerSecond} (target ≥ ${TARGET_ROWS_PER_SECOND}: ${rowsPerSecond >= TARGET_ROWS_PER_SECOND ? 'PASS' : 'FAIL'})`,
              'server peak RSS growth': `${r.rssGrowthMb.toFixed(1)} MB over ${r.baselineMb.toFixed(0)} MB (target ≤ ${TARGET_RSS_GROWTH_MB} MB: ${r.rssGrowthMb <= TARGET_RSS_GROWTH_MB ? 'PASS' : 'FAIL'})`,
              bytes: r.bytes,
              firstByteMs: Math.round(r.firstByteMs),
              'CPU ms per 1,000 rows (app/db/client)': `${perRequestCpu(r.cpu, r.rows / 1000).app} / ${perRequestCpu(r.cpu, r.rows / 1000).db} / ${perRequestCpu(r.cpu, r.rows / 1000).client}`,
            },
          };
          print(endpoint);
          results.push(endpoint);
        }

        // (b) The dashboard's interviews page, server-rendered for a signed-in recruiter.
        const page = async (): Promise<number> => {
          const res = await fetch(`${url}/interviews`, { headers: { cookie: `iss_session=${token}` }, redirect: 'manual' });
          await res.arrayBuffer();
          return res.status;
        };
        // The page is a client component: its list arrives by the tRPC query the browser sends next (page 1, 20 rows).
        const trpcInput = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 20, order: 'desc' } }));
        const listQuery = async (): Promise<number> => {
          const res = await fetch(`${url}/api/trpc/dashboard.interviews?batch=1&input=${trpcInput}`, {
            headers: { cookie: `iss_session=${token}`, 'x-iss-csrf': '1' },
          });
          await res.arrayBuffer();
          return res.status;
        };
        for (let i = 0; i < 5; i++) await page(); // warm-up
        for (let i = 0; i < 5; i++) await listQuery();
        for (const [label, send, concurrency, requests] of [
          ['dashboard HTML, sequential', page, 1, 40],
          ['dashboard HTML, 4 concurrent', page, 4, 40],
          ['its list: tRPC dashboard.interviews page 1, sequential', listQuery, 1, 40],
          ['its list: tRPC dashboard.interviews page 1, 4 concurrent', listQuery, 4, 40],
        ] as const) {
          const stopCpu = await startCpu();
          const r = await runLoad({ concurrency, maxRequests: requests, maxDurationMs: 60_000, send });
          const cpu = await stopCpu();
          const endpoint: MeasuredEndpoint = {
            name: `GET /interviews (${label})`,
            targetP95Ms: TARGET_DASHBOARD_P95_MS,
            pass: r.errors === 0 && r.p95Ms <= TARGET_DASHBOARD_P95_MS,
            ...r,
            cpuMsPerRequest: perRequestCpu(cpu, r.requests),
          };
          print(endpoint);
          results.push(endpoint);
        }
        return results;
      },
    };
  },
};
