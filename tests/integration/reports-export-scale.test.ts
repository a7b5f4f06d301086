import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, makeHiringSetup, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** 100,000 completed interviews with READY reports, as the contract's "memory flat whatever the size" demands. */
const ROWS = Number(process.env.EXPORT_SCALE_ROWS ?? 100_000);
/**
 * How much the live heap (measured after a forced GC) may grow while the export streams through; the server and
 * the client share this process. The CSV body alone is about 35 MiB: an export built in memory could not pass.
 */
const MAX_LIVE_HEAP_GROWTH_MB = 16;
/** A forced GC every this many bytes received, then a sample of the live heap. */
const SAMPLE_EVERY_BYTES = 2 * 2 ** 20;

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let app: TestApp;
let org: TestOrg;
let campaignId: string;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  const setup = await makeHiringSetup(app.db, org.orgId);
  campaignId = setup.campaign.id;
  // Seeded in SQL: building 100,000 rows through the factories would take minutes.
  const o = org.orgId;
  await app.db.execute(sql`
    insert into candidates (id, org_id, email, first_name, last_name)
    select 'cnd_scale' || lpad(g::text, 8, '0'), ${o}, 'scale' || g || '@example.com', '=First' || g, 'Last ' || g
    from generate_series(1, ${ROWS}) g`);
  await app.db.execute(sql`
    insert into interviews (id, org_id, candidate_id, job_id, campaign_id, config_id, status, expires_at, started_at, completed_at, ended_at, created_at)
    select 'itv_scale' || lpad(g::text, 8, '0'), ${o}, 'cnd_scale' || lpad(g::text, 8, '0'), ${setup.job.id}, ${campaignId}, ${setup.config.id},
           'COMPLETED', now() + interval '7 days', now() - interval '1 hour', now(), now(), now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await app.db.execute(sql`
    insert into reports (id, org_id, type, interview_id, status, overall_score, recommendation, summary, criteria, flags, coverage, generator, completed_at)
    select 'rpt_scale' || lpad(g::text, 8, '0'), ${o}, 'interview', 'itv_scale' || lpad(g::text, 8, '0'), 'READY', 70, 'YES',
           'Overall score 70/100 (recommendation YES), from 3 of 3 candidate answers scored. Strongest criterion: Technical depth (8/10).',
           '[{"key":"communication","label":"Communication","score":6,"weight":1,"evidenceTurns":[2,4]},{"key":"technical","label":"Technical depth","score":8,"weight":2,"evidenceTurns":[4,6]}]'::jsonb,
           '[{"code":"off_topic","turnNumber":4}]'::jsonb, '{"candidateTurns":3,"scoredTurns":3}'::jsonb, 'rules', now()
    from generate_series(1, ${ROWS}) g`);
}, 600_000);
afterAll(() => app?.close());

/** Streams the export through real HTTP, counting records without keeping the body, and samples the live heap. */
async function streamExport(format: 'csv' | 'json') {
  const liveHeap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = liveHeap();
  let peak = before;
  let nextSample = SAMPLE_EVERY_BYTES;
  const started = Date.now();
  const res = await fetch(`${app.url}/api/v1/reports/export?campaignId=${campaignId}&type=interviews&format=${format}`, {
    headers: { authorization: `Bearer ${org.apiKey}` },
  });
  expect(res.status).toBe(200);
  let bytes = 0;
  let newlines = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) newlines++;
    tail = (tail + text).slice(-200);
    if (bytes >= nextSample) {
      peak = Math.max(peak, liveHeap());
      nextSample += SAMPLE_EVERY_BYTES;
    }
  }
  return { bytes, newlines, tail, seconds: (Date.now() - started) / 1000, heapGrowthMb: (peak - before) / 2 ** 20 };
}

describe(`export of ${ROWS} interviews`, () => {
  it('streams the CSV with flat memory', { timeout: 600_000 }, async () => {
    const result = await streamExport('csv');
    console.log(`CSV export of ${ROWS} rows: ${(result.bytes / 2 ** 20).toFixed(1)} MiB in ${result.seconds.toFixed(1)} s, live heap growth ${result.heapGrowthMb.toFixed(1)} MiB`);
    // One header row, then one CRLF-terminated record per interview.
    expect(result.newlines).toBe(ROWS + 1);
    expect(result.heapGrowthMb).toBeLessThan(MAX_LIVE_HEAP_GROWTH_MB);
  });

  it('streams the JSON with flat memory', { timeout: 600_000 }, async () => {
    const result = await streamExport('json');
    console.log(`JSON export of ${ROWS} rows: ${(result.bytes / 2 ** 20).toFixed(1)} MiB in ${result.seconds.toFixed(1)} s, live heap growth ${result.heapGrowthMb.toFixed(1)} MiB`);
    expect(result.tail.trimEnd().endsWith(']}')).toBe(true);
    expect(result.bytes).toBeGreaterThan(ROWS * 300);
    expect(result.heapGrowthMb).toBeLessThan(MAX_LIVE_HEAP_GROWTH_MB);
  });
});
