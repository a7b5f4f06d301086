import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import postgres from 'postgres';

/**
 * The bench's baseline: what a new user would write in an afternoon with `node:http` and postgres.js, issuing the
 * same SQL as the product for the same requests (the statements below are the product's, as drizzle renders them:
 * the API key lookup, the rate-limit upsert, the list's count and page, the retrieve's interview and turns, the
 * turn's record_turn call) and answering the same JSON. No framework, no validation library, no logging: the floor
 * the product is measured against. Started by bench/run.ts beside the product, on the same database.
 *
 * Env: DATABASE_URL, PORT, AGENT_SECRET.
 */

const sql = postgres(process.env.DATABASE_URL!, {
  max: 10,
  onnotice: () => {},
  // The bench attributes PostgreSQL backends to the baseline by this name.
  connection: { application_name: 'iss-bare-baseline' },
});
// As the product's drizzle setup does (drizzle-orm/postgres-js/driver.js): dates as PostgreSQL's text, turned into
// ISO strings here; JSON parameters passed as the text they already are.
const options = (sql as unknown as { options: { parsers: Record<string, unknown>; serializers: Record<string, unknown> } }).options;
for (const type of ['1184', '1082', '1083', '1114', '1182', '1185', '1115', '1231']) {
  options.parsers[type] = (x: unknown) => x;
  options.serializers[type] = (x: unknown) => x;
}
options.serializers['114'] = (x: unknown) => x;
options.serializers['3802'] = (x: unknown) => x;
const AGENT_SECRET = Buffer.from(process.env.AGENT_SECRET ?? '');
const RATE_LIMIT_WINDOW_MS = 60_000;
const STATUSES = ['DRAFT', 'INVITED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED'];

const iso = (v: string | null) => (v === null ? null : new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString());

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The product's API key lookup and rate-limit upsert (authenticate-api-key.ts, consume-rate-limit.ts). */
async function apiKey(req: IncomingMessage): Promise<{ orgId: string } | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const hash = createHash('sha256').update(match[1]).digest('hex');
  const [key] = await sql`select "id", "org_id", "scopes", "rate_limit_per_minute", "last_used_at" from "api_keys" where ("api_keys"."key_hash" = ${hash} and "api_keys"."revoked_at" is null) limit ${1}`;
  if (!key) return null;
  // lastUsedAt, at most once a minute per key (authenticate-api-key.ts): the statement runs about once a minute.
  const now = Date.now();
  if (!key.last_used_at || now - Date.parse(iso(key.last_used_at)!) > RATE_LIMIT_WINDOW_MS) {
    await sql`update "api_keys" set "last_used_at" = ${new Date(now).toISOString()} where ("api_keys"."id" = ${key.id} and ("api_keys"."last_used_at" is null or "api_keys"."last_used_at" < ${new Date(now - RATE_LIMIT_WINDOW_MS).toISOString()}))`;
  }
  const windowStart = new Date(Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS).toISOString();
  await sql`
    insert into rate_limit_windows (api_key_id, window_start, count)
    select ${key.id}, ${windowStart}::timestamptz, 1
    from (select set_config('synchronous_commit', 'off', true)) as async_commit
    on conflict (api_key_id, window_start) do update set count = rate_limit_windows.count + 1
    returning count`;
  return { orgId: key.org_id };
}

const INTERVIEW_COLUMNS = sql.unsafe(`"interviews"."id", "interviews"."org_id", "interviews"."candidate_id", "interviews"."job_id", "interviews"."campaign_id", "interviews"."stage_id", "interviews"."config_id", "interviews"."expires_at", "interviews"."invited_at", "interviews"."started_at", "interviews"."completed_at", "interviews"."cancelled_at", "interviews"."ended_at", "interviews"."audio_url", "interviews"."consented_at", "interviews"."answer_mode", "interviews"."is_demo", "interviews"."created_at", "interviews"."updated_at", case when "interviews"."status" = 'INVITED' and "interviews"."expires_at" <= now() then 'EXPIRED' else "interviews"."status" end as effective_status, "reports"."id" as report_id, "reports"."overall_score", (select jsonb_build_object(
      'status', d.status, 'reason', d.reason, 'decidedAt', d.decided_at, 'byType', d.decided_by_type, 'byId', d.decided_by_id)
    from "interview_decisions" d
    where d.interview_id = "interviews"."id" and d.org_id = "interviews"."org_id" and d.superseded_at is null) as decision`);

function interviewDto(r: postgres.Row) {
  return {
    id: r.id,
    candidateId: r.candidate_id,
    jobId: r.job_id,
    campaignId: r.campaign_id,
    stageId: r.stage_id,
    configId: r.config_id,
    status: r.effective_status,
    expiresAt: iso(r.expires_at),
    invitedAt: iso(r.invited_at),
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    cancelledAt: iso(r.cancelled_at),
    endedAt: iso(r.ended_at),
    consentedAt: iso(r.consented_at),
    answerMode: r.answer_mode,
    isDemo: r.is_demo,
    audioUrl: r.audio_url,
    reportId: r.report_id,
    overallScore: r.overall_score,
    decision: r.decision
      ? { status: r.decision.status, reason: r.decision.reason, decidedAt: new Date(r.decision.decidedAt).toISOString(), decidedBy: { type: r.decision.byType, id: r.decision.byId } }
      : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function listInterviews(orgId: string, url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const [[count], rows] = await Promise.all([
    sql`select ((select coalesce(sum("interview_status_counts"."count"), 0) from "interview_status_counts"
    where "interview_status_counts"."org_id" = ${orgId} and "interview_status_counts"."status" in ${sql(STATUSES)}))::int as n`,
    sql`select ${INTERVIEW_COLUMNS} from (select "id" from "interviews" where "interviews"."org_id" = ${orgId} order by "interviews"."created_at" desc, "interviews"."id" desc limit ${pageSize} offset ${(page - 1) * pageSize}) "page_ids" inner join "interviews" on "interviews"."id" = "page_ids"."id" left join "reports" on "reports"."interview_id" = "interviews"."id" order by "interviews"."created_at" desc, "interviews"."id" desc`,
  ]);
  const total = Number(count.n);
  return { items: rows.map(interviewDto), pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}

async function retrieveInterview(orgId: string, id: string) {
  const [[row], turns] = await Promise.all([
    sql`select ${INTERVIEW_COLUMNS}, "candidates"."email", "candidates"."first_name", "candidates"."last_name", "reports"."status" as report_status, "reports"."recommendation", "reports"."summary", "reports"."criteria", "reports"."flags" from "interviews" left join "candidates" on ("candidates"."id" = "interviews"."candidate_id" and "candidates"."org_id" = ${orgId}) left join "reports" on "reports"."interview_id" = "interviews"."id" where ("interviews"."id" = ${id} and "interviews"."org_id" = ${orgId})`,
    sql`select "turn_number", "role", "content", "audio_url", "started_at", "ended_at", "offset_ms", "duration_ms", "created_at", "updated_at" from "turns" where ("turns"."interview_id" = ${id} and "turns"."org_id" = ${orgId}) order by "turns"."turn_number" asc`,
  ]);
  if (!row) return null;
  return {
    ...interviewDto(row),
    candidate: row.email === null ? null : { id: row.candidate_id, email: row.email, firstName: row.first_name, lastName: row.last_name },
    transcript: turns.map((t) => ({
      turnNumber: t.turn_number,
      role: t.role,
      content: t.content,
      audioUrl: t.audio_url,
      startedAt: iso(t.started_at),
      endedAt: iso(t.ended_at),
      offsetMs: t.offset_ms,
      durationMs: t.duration_ms,
      createdAt: iso(t.created_at),
      updatedAt: iso(t.updated_at),
    })),
    evaluation: row.report_id && row.report_status
      ? { reportId: row.report_id, status: row.report_status, overallScore: row.overall_score, recommendation: row.recommendation, summary: row.summary, criteria: row.criteria ?? [], flags: row.flags ?? [] }
      : null,
  };
}

/**
 * The product's one statement for a turn (db/migrations/…_record-turn-function.sql). The product's first turn of an
 * interview also writes its `interview.started` event in a transaction: a few of the measured turns, not the rest.
 */
async function recordTurn(interviewId: string, t: Record<string, any>) {
  const [row] = await sql`select * from record_turn(${interviewId}::text, ${null}::text, ${t.turnNumber}::integer, ${t.role}::text,
    ${t.content ?? ''}::text, ${t.audioUrl ?? null}::text, ${t.isPendingQuestion ?? false}::boolean, ${t.evaluation == null ? null : JSON.stringify(t.evaluation)}::jsonb, ${true}::boolean,
    ${t.startedAt ?? null}::timestamptz, ${t.endedAt ?? null}::timestamptz, ${t.offsetMs ?? null}::integer, ${t.durationMs ?? null}::integer)`;
  if (row.o_outcome === 'not_found') return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Interview not found' } } };
  if (row.o_outcome === 'closed' || row.o_outcome === 'draft_expired') return { status: 409, body: { error: { code: 'INVALID_STATE', message: 'closed' } } };
  if (row.o_outcome === 'conflict') return { status: 409, body: { error: { code: 'CONFLICT', message: row.o_detail } } };
  const body = {
    turnNumber: row.o_turn_number,
    role: row.o_role,
    content: row.o_content,
    audioUrl: row.o_audio_url,
    isPendingQuestion: row.o_is_pending_question,
    evaluation: row.o_evaluation,
    startedAt: iso(row.o_started_at),
    endedAt: iso(row.o_ended_at),
    offsetMs: row.o_offset_ms,
    durationMs: row.o_duration_ms,
    createdAt: iso(row.o_created_at),
    updatedAt: iso(row.o_updated_at),
  };
  return { status: row.o_outcome === 'created' ? 201 : 200, body };
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://x');
    const turn = /^\/api\/interviews\/([^/]+)\/turns$/.exec(url.pathname);
    if (turn && req.method === 'POST') {
      const given = Buffer.from(String(req.headers['x-agent-secret'] ?? ''));
      if (given.length !== AGENT_SECRET.length || !timingSafeEqual(given, AGENT_SECRET)) return send(res, 401, { error: { code: 'UNAUTHORIZED' } });
      const result = await recordTurn(turn[1], JSON.parse(await readBody(req)));
      return send(res, result.status, result.body);
    }
    if (req.method !== 'GET') return send(res, 404, { error: { code: 'NOT_FOUND' } });
    const key = await apiKey(req);
    if (!key) return send(res, 401, { error: { code: 'UNAUTHORIZED' } });
    if (url.pathname === '/api/v1/interviews') return send(res, 200, await listInterviews(key.orgId, url));
    const one = /^\/api\/v1\/interviews\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = await retrieveInterview(key.orgId, one[1]);
      return found ? send(res, 200, found) : send(res, 404, { error: { code: 'NOT_FOUND' } });
    }
    send(res, 404, { error: { code: 'NOT_FOUND' } });
  } catch (error) {
    console.error(error);
    send(res, 500, { error: { code: 'INTERNAL' } });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare baseline on ${process.env.PORT}`));
process.on('SIGTERM', () => {
  server.close();
  void sql.end({ timeout: 2 }).finally(() => process.exit(0));
});
