import postgres from 'postgres';
import { canonicalJson } from '@/server/canonical-json';

/**
 * Checks of the cluster run, straight on the database: what the agents sent against what is stored, reports,
 * queued jobs and sent invitations. Raw SQL on purpose: this reads the outcome, not through the code under test.
 */

export type SentTurn = { role: string; content: string; evaluation: unknown; audioUrl: string | null };
/** interview id → turn number → the turn as the agents last successfully wrote it. */
export type SentTurns = Map<string, Map<number, SentTurn>>;

/** Applies a successful POST /turns or PATCH /turns/:n to the record of what the agents sent. */
export function recordSentTurn(sent: SentTurns, method: string, path: string, body: string | undefined): void {
  const match = /^\/api\/interviews\/([^/]+)\/turns(?:\/(\d+))?$/.exec(path);
  if (!match || !body) return;
  const interviewId = decodeURIComponent(match[1]);
  const turns = sent.get(interviewId) ?? new Map<number, SentTurn>();
  sent.set(interviewId, turns);
  const data = JSON.parse(body) as Record<string, any>;
  if (method === 'POST' && !match[2]) {
    turns.set(data.turnNumber, { role: data.role, content: data.content ?? '', evaluation: data.evaluation ?? null, audioUrl: data.audioUrl ?? null });
  } else if (method === 'PATCH' && match[2]) {
    const turn = turns.get(Number(match[2]));
    if (!turn) throw new Error(`PATCH of turn ${match[2]} of ${interviewId}, which was never posted`);
    if ('content' in data) turn.content = data.content;
    if ('evaluation' in data) turn.evaluation = data.evaluation;
    if ('audioUrl' in data) turn.audioUrl = data.audioUrl;
  }
}

export async function checkTurns(sql: postgres.Sql, orgId: string, sent: SentTurns, interviewIds: string[]): Promise<{ checked: number; violations: string[] }> {
  const violations: string[] = [];
  const rows = await sql<{ interview_id: string; turn_number: number; role: string; content: string; evaluation: unknown; audio_url: string | null }[]>`
    select interview_id, turn_number, role, content, evaluation, audio_url from turns where org_id = ${orgId} order by interview_id, turn_number`;
  const stored = new Map<string, Map<number, (typeof rows)[number]>>();
  for (const row of rows) {
    const turns = stored.get(row.interview_id) ?? new Map();
    if (turns.has(row.turn_number)) violations.push(`${row.interview_id}: turn ${row.turn_number} stored twice`);
    turns.set(row.turn_number, row);
    stored.set(row.interview_id, turns);
  }
  for (const id of interviewIds) {
    const expected = sent.get(id) ?? new Map();
    const actual = stored.get(id) ?? new Map();
    if (expected.size === 0) violations.push(`${id}: the agent recorded no turn`);
    for (const [n, turn] of expected) {
      const row = actual.get(n);
      if (!row) violations.push(`${id}: turn ${n} sent but not stored`);
      else if (row.role !== turn.role || row.content !== turn.content || canonicalJson(row.evaluation) !== canonicalJson(turn.evaluation) || row.audio_url !== turn.audioUrl) {
        violations.push(`${id}: turn ${n} stored differently from what was sent`);
      }
    }
    for (const n of actual.keys()) if (!expected.has(n)) violations.push(`${id}: turn ${n} stored but never sent`);
  }
  return { checked: rows.length, violations };
}

export async function tableExists(sql: postgres.Sql, name: string): Promise<boolean> {
  const [row] = await sql<{ exists: boolean }[]>`select to_regclass(${name}) is not null as exists`;
  return row.exists;
}

/** pg-boss jobs of a queue whose data mentions this id (whatever its key), live or archived. */
export async function countJobs(sql: postgres.Sql, queue: string, id: string): Promise<number> {
  const archive = (await tableExists(sql, 'pgboss.archive')) ? sql`union all select name, data from pgboss.archive` : sql``;
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select name, data from pgboss.job ${archive}) j where j.name = ${queue} and position(${id} in j.data::text) > 0`;
  return row.n;
}

export async function countAllJobs(sql: postgres.Sql, queue: string): Promise<number> {
  const archive = (await tableExists(sql, 'pgboss.archive')) ? sql`union all select name from pgboss.archive` : sql``;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from (select name from pgboss.job ${archive}) j where j.name = ${queue}`;
  return row.n;
}

/** Messages of the local mailbox that mention this address, whatever the table's exact columns. */
export async function countMailboxMessages(sql: postgres.Sql, email: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from mailbox_messages m where position(${email.toLowerCase()} in lower(to_jsonb(m)::text)) > 0`;
  return row.n;
}
