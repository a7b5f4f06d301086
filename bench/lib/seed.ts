import type postgres from 'postgres';
import { SCOPES } from '@/server/auth/scopes';
import { sha256Hex } from '@/server/crypto';
import { newId, randomBase62 } from '@/server/ids';

export type SeedOptions = {
  interviews: number;
  candidates: number;
  jobs: number;
  /** Conversation turns stored for each COMPLETED or IN_PROGRESS interview. */
  turnsPerInterview: number;
};

export type SeededOrganization = {
  orgId: string;
  apiKey: string;
  counts: Record<string, number>;
  /** A sample of interviews that have a transcript and a READY report: what a client retrieves most. */
  sampleInterviewIds: string[];
};

/**
 * Seeds one organization in bulk with INSERT … SELECT over generate_series, in a few seconds for 100,000
 * interviews. Ids are derived from md5 of a per-organization prefix, so two seeded organizations never collide.
 * Status mix (by row number mod 100): 40 % COMPLETED (with a READY report and turns), 15 % INVITED,
 * 5 % INVITED past expiresAt (EXPIRED to readers, not yet swept), 10 % EXPIRED, 8 % IN_PROGRESS,
 * 10 % CANCELLED, 12 % DRAFT. createdAt: one interview every 5 minutes going back from now.
 */
export async function seedOrganization(sql: postgres.Sql, name: string, options: SeedOptions): Promise<SeededOrganization> {
  const orgId = newId('organization');
  const p = orgId.slice(4); // id prefix seed
  const apiKey = `isk_${randomBase62(40)}`;
  const { interviews, candidates, jobs, turnsPerInterview } = options;
  const id = (kind: string, expr: string) => `'${kind}_' || substr(md5('${p}${kind}' || (${expr})::text), 1, 22)`;

  await sql.begin(async (tx) => {
    await tx`insert into organizations (id, name) values (${orgId}, ${name})`;
    await tx`insert into api_keys (id, org_id, name, prefix, key_hash, scopes, rate_limit_per_minute)
      values (${newId('apiKey')}, ${orgId}, 'bench', ${apiKey.slice(0, 10)}, ${sha256Hex(apiKey)}, ${[...SCOPES]}, 100000000)`;
    await tx.unsafe(`insert into jobs (id, org_id, title, created_at)
      select ${id('job', 'g')}, '${orgId}', 'Job ' || g, now() - g * interval '1 day' from generate_series(1, ${jobs}) g`);
    // Two campaigns per job, two stages per campaign.
    await tx.unsafe(`insert into campaigns (id, org_id, job_id, name)
      select ${id('cmp', 'g')}, '${orgId}', ${id('job', '(g - 1) / 2 + 1')}, 'Campaign ' || g from generate_series(1, ${jobs * 2}) g`);
    await tx.unsafe(`insert into stages (id, org_id, campaign_id, name, position)
      select ${id('stg', 'g')}, '${orgId}', ${id('cmp', '(g - 1) / 2 + 1')}, 'Stage ' || g, g % 2 from generate_series(1, ${jobs * 4}) g`);
    await tx.unsafe(`insert into interview_configs (id, org_id, name, questions, criteria)
      select ${id('cfg', 'g')}, '${orgId}', 'Config ' || g,
        '[{"id":"q1","text":"Tell me about yourself.","criterion":"communication"},{"id":"q2","text":"A hard bug?","criterion":"technical"}]'::jsonb,
        '[{"key":"communication","label":"Communication","weight":1},{"key":"technical","label":"Technical depth","weight":2}]'::jsonb
      from generate_series(1, 5) g`);
    await tx.unsafe(`insert into candidates (id, org_id, email, first_name, last_name, phone, locale, tags, source, created_at)
      select ${id('cnd', 'g')}, '${orgId}', 'candidate' || g || '@example.com', 'First' || g, 'Last' || g, '+33 6 00 00 ' || lpad((g % 10000)::text, 4, '0'),
        (array['fr','en','de','es'])[1 + g % 4], array['tag' || (g % 7), 'tag' || (g % 11)], 'bench', now() - g * interval '10 minutes'
      from generate_series(1, ${candidates}) g`);
  });

  // The interviews in chunks, so no single statement holds a huge transaction.
  const chunk = 25_000;
  for (let from = 1; from <= interviews; from += chunk) {
    const to = Math.min(interviews, from + chunk - 1);
    await sql.unsafe(`insert into interviews (id, org_id, candidate_id, job_id, campaign_id, stage_id, config_id, status, expires_at, invited_at,
        started_at, completed_at, cancelled_at, ended_at, audio_url, created_at, updated_at)
      select ${id('itv', 'g')}, '${orgId}', ${id('cnd', `1 + (g * 7919) % ${candidates}`)}, ${id('job', `1 + (g % ${jobs * 2}) / 2`)},
        case when g % 10 < 7 then ${id('cmp', `1 + g % ${jobs * 2}`)} end,
        case when g % 10 < 4 then ${id('stg', `1 + 2 * (g % ${jobs * 2}) + g % 2`)} end,
        ${id('cfg', '1 + g % 5')},
        s.status,
        case when s.status = 'INVITED' and g % 100 >= 55 then now() - interval '1 hour'
          when s.status = 'INVITED' then now() + (1 + g % 7) * interval '1 day' else c.created + interval '7 days' end,
        case when s.status <> 'DRAFT' then c.created end,
        case when s.status in ('IN_PROGRESS', 'COMPLETED') then c.created + interval '1 day' end,
        case when s.status = 'COMPLETED' then c.created + interval '1 day 20 minutes' end,
        case when s.status = 'CANCELLED' then c.created + interval '2 days' end,
        case when s.status = 'COMPLETED' then c.created + interval '1 day 20 minutes' end,
        case when s.status = 'COMPLETED' then 'https://media.example.com/' || g || '.webm' end,
        c.created, c.created
      from generate_series(${from}, ${to}) g
      cross join lateral (select now() - g * interval '5 minutes' as created) c
      cross join lateral (select case
          when g % 100 < 40 then 'COMPLETED' when g % 100 < 60 then 'INVITED' when g % 100 < 70 then 'EXPIRED'
          when g % 100 < 78 then 'IN_PROGRESS' when g % 100 < 88 then 'CANCELLED' else 'DRAFT' end as status) s`);
  }
  await sql.unsafe(`insert into reports (id, org_id, type, interview_id, status, overall_score, recommendation, summary, criteria, flags, coverage, generator, created_at, completed_at)
    select 'rpt_' || substr(md5('${p}rpt' || i.id), 1, 22), i.org_id, 'interview', i.id, 'READY', 40 + (abs(hashtext(i.id)) % 60),
      (array['STRONG_YES','YES','NO','DEFINITELY_NO'])[1 + abs(hashtext(i.id)) % 4], 'Seeded summary of the interview.',
      '[{"key":"communication","label":"Communication","score":7,"weight":1,"evidenceTurns":[2,4]},{"key":"technical","label":"Technical depth","score":6,"weight":2,"evidenceTurns":[6]}]'::jsonb,
      '[]'::jsonb, '{"candidateTurns":5,"scoredTurns":5}'::jsonb, 'rules', i.completed_at, i.completed_at
    from interviews i where i.org_id = '${orgId}' and i.status = 'COMPLETED'`);

  if (turnsPerInterview > 0) {
    await sql.unsafe(`insert into turns (interview_id, turn_number, org_id, role, content, audio_url, evaluation, created_at, updated_at)
      select i.id, t, i.org_id, case when t % 2 = 1 then 'agent' else 'candidate' end,
        repeat('Seeded answer text for the transcript. ', 5) || t,
        'https://media.example.com/' || i.id || '/' || t || '.webm',
        case when t % 2 = 0 then '{"scores":{"communication":7},"flags":[]}'::jsonb end,
        i.started_at + t * interval '1 minute', i.started_at + t * interval '1 minute'
      from interviews i cross join generate_series(1, ${turnsPerInterview}) t
      where i.org_id = '${orgId}' and i.status in ('COMPLETED', 'IN_PROGRESS')`);
  }
  // A database in steady state has been vacuumed (visibility map set, so index-only scans skip the heap).
  await sql.unsafe('vacuum analyze');

  const counts: Record<string, number> = {};
  for (const table of ['candidates', 'interviews', 'reports', 'turns']) {
    const [row] = await sql.unsafe(`select count(*)::int as n from ${table} where org_id = '${orgId}'`);
    counts[table] = row.n;
  }
  const statusRows = await sql.unsafe(`select status, count(*)::int as n from interviews where org_id = '${orgId}' group by status order by status`);
  for (const r of statusRows) counts[`interviews.${r.status}`] = r.n;
  const sample = await sql.unsafe(`select i.id from interviews i join reports r on r.interview_id = i.id
    where i.org_id = '${orgId}' and i.status = 'COMPLETED' order by md5(i.id) limit 500`);
  return { orgId, apiKey, counts, sampleInterviewIds: sample.map((r) => r.id as string) };
}
