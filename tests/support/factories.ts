import { campaigns, candidates, interviewConfigs, interviews, jobs, organizations, stages, type InterviewStatus } from '@/db/schema';
import type { Database } from '@/db/client';
import { SCOPES, type Scope } from '@/server/auth/scopes';
import { newId } from '@/server/ids';
import { createApiKey } from '@/server/services/api-keys/create-api-key';

/**
 * Test data is made per test through these factories: each test gets its own organization, so tests never
 * see each other's rows and can run against one shared database.
 */
export type TestOrg = {
  orgId: string;
  apiKey: string;
  apiKeyId: string;
  /** fetch against the app with this organization's all-scopes key. */
  api: (path: string, init?: ApiInit) => Promise<ApiResponse>;
};

export type ApiInit = { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; key?: string | null };
export type ApiResponse = { status: number; headers: Headers; body: any; text: string };

export async function request(baseUrl: string, path: string, init: ApiInit = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export async function createTestOrg(db: Database, baseUrl: string, options: { scopes?: Scope[]; rateLimitPerMinute?: number; name?: string } = {}): Promise<TestOrg> {
  const orgId = newId('organization');
  await db.insert(organizations).values({ id: orgId, name: options.name ?? `Org ${orgId.slice(-6)}` });
  const key = await createApiKey(db, { orgId, scopes: options.scopes ?? [...SCOPES], rateLimitPerMinute: options.rateLimitPerMinute });
  return {
    orgId,
    apiKey: key.key,
    apiKeyId: key.id,
    api: (path, init = {}) => request(baseUrl, path, { ...init, key: init.key === undefined ? key.key : init.key }),
  };
}

export async function makeKey(db: Database, orgId: string, scopes: Scope[], rateLimitPerMinute?: number) {
  return createApiKey(db, { orgId, scopes, rateLimitPerMinute });
}

export async function makeCandidate(db: Database, orgId: string, fields: Partial<typeof candidates.$inferInsert> = {}) {
  const id = newId('candidate');
  const [row] = await db
    .insert(candidates)
    .values({ id, orgId, email: `${id.toLowerCase()}@example.com`, firstName: 'Ada', lastName: 'Lovelace', ...fields })
    .returning();
  return row;
}

export async function makeJob(db: Database, orgId: string, title = 'Backend engineer') {
  const [row] = await db.insert(jobs).values({ id: newId('job'), orgId, title }).returning();
  return row;
}

export async function makeCampaign(db: Database, orgId: string, jobId: string, name = 'Spring hiring') {
  const [row] = await db.insert(campaigns).values({ id: newId('campaign'), orgId, jobId, name }).returning();
  return row;
}

export async function makeStage(db: Database, orgId: string, campaignId: string, fields: { name?: string; generateReport?: boolean } = {}) {
  const [row] = await db
    .insert(stages)
    .values({ id: newId('stage'), orgId, campaignId, name: fields.name ?? 'Screening', generateReport: fields.generateReport ?? true })
    .returning();
  return row;
}

export async function makeConfig(db: Database, orgId: string, fields: Partial<typeof interviewConfigs.$inferInsert> = {}) {
  const [row] = await db
    .insert(interviewConfigs)
    .values({
      id: newId('config'),
      orgId,
      name: 'Standard screening',
      // Its questions are written in English, so it is an English configuration (one interview, one language).
      locale: 'en',
      questions: [
        { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
        { id: 'q2', text: 'Describe a hard bug you fixed.', criterion: 'technical' },
      ],
      criteria: [
        { key: 'communication', label: 'Communication', weight: 1 },
        { key: 'technical', label: 'Technical depth', weight: 2 },
      ],
      ...fields,
    })
    .returning();
  return row;
}

/** A job, a campaign for it, a stage in it and a configuration: everything an interview can reference. */
export async function makeHiringSetup(db: Database, orgId: string) {
  const job = await makeJob(db, orgId);
  const campaign = await makeCampaign(db, orgId, job.id);
  const stage = await makeStage(db, orgId, campaign.id);
  const config = await makeConfig(db, orgId);
  return { job, campaign, stage, config };
}

export async function makeInterview(
  db: Database,
  orgId: string,
  fields: Partial<typeof interviews.$inferInsert> & { candidateId: string; jobId: string; status?: InterviewStatus },
) {
  const now = new Date();
  const [row] = await db
    .insert(interviews)
    .values({
      id: newId('interview'),
      orgId,
      status: 'INVITED',
      invitedAt: now,
      expiresAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
      ...fields,
    })
    .returning();
  return row;
}
