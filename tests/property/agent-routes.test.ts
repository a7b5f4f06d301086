import { eq } from 'drizzle-orm';
import { canonicalJson } from '@/server/canonical-json';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, turns } from '@/db/schema';
import { MEDIA_TOKEN_AUDIENCE, mintMediaToken } from '@/server/auth/media-token';
import { newId } from '@/server/ids';
import { makeAgentInterview } from '../support/agent';
import { createTestOrg, type TestOrg } from '../support/factories';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';
import {
  brokenBody,
  compact,
  contentType,
  extraFields,
  headerValue,
  jsonWithExtra,
  maybe,
  MOSTLY_GOOD,
  nastyString,
  nastyValue,
  noiseHeaders,
  pathSegment,
  prototypePollution,
  type BodyVariant,
} from './hostile-input';
import { check, checkContract, countInput, countStatus, fingerprint, printSummary, runs, RUNS, send, type Probe, type Reply } from './http-property';

/**
 * Property-based tests of the internal agent routes: whatever credentials, ids and bodies a (broken or hostile)
 * agent sends, no 5xx, the contract's envelope and a request id, nothing stored on rejection, and an accepted
 * turn or edit reads back from the history exactly as sent.
 */

type State = 'IN_PROGRESS' | 'INVITED' | 'DRAFT' | 'COMPLETED' | 'CANCELLED' | 'EXPIRED';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
const pool: { id: string; state: State }[] = [];
let foreignInterview: string;
const tokens = new Map<string, string>();
let expiredToken: string;
let wrongAudienceToken: string;
let wrongSecretToken: string;
/** A valid token for an interview that is never a target: 403 wherever it is used. */
let otherInterviewToken: string;

beforeAll(async () => {
  // No job workers: a background sweep writing to the database would look like a rejected request storing something.
  app = await startTestApp({ RUN_WORKER: 'false' });
  orgA = await createTestOrg(app.db, app.url);
  orgB = await createTestOrg(app.db, app.url);
  const states: State[] = ['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'INVITED', 'INVITED', 'DRAFT', 'COMPLETED', 'CANCELLED', 'EXPIRED'];
  for (const state of states) {
    const { interview } = await makeAgentInterview(app.db, orgA.orgId, interviewFields(state));
    if (state === 'IN_PROGRESS') await seedTurns(interview.id, orgA.orgId);
    pool.push({ id: interview.id, state });
    tokens.set(interview.id, (await mintMediaToken(interview.id)).token);
  }
  const foreign = await makeAgentInterview(app.db, orgB.orgId, interviewFields('IN_PROGRESS'));
  await seedTurns(foreign.interview.id, orgB.orgId);
  foreignInterview = foreign.interview.id;
  expiredToken = (await mintMediaToken(pool[0].id, -60)).token;
  otherInterviewToken = (await mintMediaToken(newId('interview'))).token;
  const sign = (secret: string, audience: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(pool[0].id)
      .setAudience(audience)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
  wrongAudienceToken = await sign(process.env.MEDIA_TOKEN_SECRET!, 'someone-else');
  wrongSecretToken = await sign('another-secret-another-secret-another-secret', MEDIA_TOKEN_AUDIENCE);
});

afterAll(async () => {
  printSummary();
  await app?.close();
});

function interviewFields(state: State): Partial<typeof interviews.$inferInsert> {
  const now = Date.now();
  switch (state) {
    case 'IN_PROGRESS':
      return { status: 'IN_PROGRESS', startedAt: new Date(now - 60_000) };
    case 'DRAFT':
      return { status: 'DRAFT', invitedAt: null };
    case 'COMPLETED':
      return { status: 'COMPLETED', startedAt: new Date(now - 120_000), completedAt: new Date(now - 60_000), endedAt: new Date(now - 60_000) };
    case 'CANCELLED':
      return { status: 'CANCELLED', cancelledAt: new Date(now - 60_000) };
    case 'EXPIRED':
      return { status: 'INVITED', expiresAt: new Date(now - 60_000) };
    default:
      return { status: 'INVITED' };
  }
}

async function seedTurns(interviewId: string, orgId: string): Promise<void> {
  await app.db.insert(turns).values([
    { interviewId, orgId, turnNumber: 1, role: 'agent', content: 'Tell me about yourself.', isPendingQuestion: false },
    { interviewId, orgId, turnNumber: 2, role: 'candidate', content: 'I build things.', evaluation: { scores: { communication: 7 } } },
  ]);
}

const orgs = () => [orgA.orgId, orgB.orgId];

const PROPERTY_TIMEOUT = 180_000;

/** Which credentials a request carries, and whether they may open `target`. */
type Auth = { headers: [string, string][]; opens: (target: string) => boolean };

const authFor: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Auth>({ headers: [['x-agent-secret', TEST_AGENT_SECRET]], opens: () => true }) },
  {
    weight: 3,
    arbitrary: fc.constant<Auth>({ headers: [], opens: (target) => tokens.has(target) }).map((auth) => ({ ...auth, ownToken: true }) as Auth & { ownToken: true }),
  },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom<() => [string, string][]>(
        () => [['x-agent-secret', `${TEST_AGENT_SECRET}x`]],
        () => [['x-agent-secret', '']],
        () => [['x-agent-secret', TEST_AGENT_SECRET.slice(0, -1)]],
        () => [['x-agent-secret', TEST_AGENT_SECRET.toUpperCase()]],
        () => [['x-agent-secret', 'S'.repeat(12_000)]],
        () => [['authorization', `Bearer ${otherInterviewToken}`]],
        () => [['authorization', `Bearer ${expiredToken}`]],
        () => [['authorization', `Bearer ${wrongAudienceToken}`]],
        () => [['authorization', `Bearer ${wrongSecretToken}`]],
        () => [['authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']],
        () => [['authorization', `Bearer ${orgA.apiKey}`]],
        () => [['x-api-key', orgA.apiKey]],
        () => [['authorization', `Basic ${Buffer.from(`agent:${TEST_AGENT_SECRET}`).toString('base64')}`]],
        () => [],
      )
      .map((make): Auth => ({ headers: make(), opens: () => false })),
  },
  { weight: 1, arbitrary: headerValue.map((v): Auth => ({ headers: [['x-agent-secret', v]], opens: () => false })) },
);

/** The credentials for a target: the own-token variant is minted for the interview being hit. */
function headersFor(auth: Auth, target: string): [string, string][] {
  if ((auth as { ownToken?: boolean }).ownToken) {
    const token = tokens.get(target);
    return token ? [['authorization', `Bearer ${token}`]] : [['authorization', `Bearer ${tokens.get(pool[0].id)}`]];
  }
  return auth.headers;
}

const targetIds = () =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...pool.map((p) => p.id)) },
    { weight: 1, arbitrary: fc.constant(foreignInterview) },
    { weight: 1, arbitrary: fc.constant(newId('interview')) },
  );

async function historyOf(interviewId: string): Promise<any> {
  const reply = await send(app.url, { method: 'GET', path: `/api/interviews/${interviewId}/history`, headers: [['x-agent-secret', TEST_AGENT_SECRET]] });
  expect(reply.status).toBe(200);
  return reply.json;
}

async function exercise(route: string, probe: Probe, before?: Awaited<ReturnType<typeof fingerprint>>) {
  countInput(route);
  const start = before ?? (await fingerprint(app.db, orgs()));
  const reply = await send(app.url, probe);
  countStatus(route, reply.status);
  checkContract(probe, reply);
  const after = await fingerprint(app.db, orgs());
  const unchanged = JSON.stringify(after) === JSON.stringify(start);
  if (reply.status >= 300 || probe.method === 'GET') check(unchanged, `stored something (${JSON.stringify(start)} → ${JSON.stringify(after)})`, probe, reply);
  return { reply, before: start, after, unchanged };
}

function checkHistoryInvariants(history: any, probe: Probe, reply: Reply): void {
  const numbers = history.turns.map((t: any) => t.turnNumber);
  check(numbers.every((n: number, i: number) => i === 0 || n > numbers[i - 1]), 'history not ordered by turnNumber', probe, reply);
  const pending = history.turns.filter((t: any) => t.isPendingQuestion);
  check(pending.length <= 1, 'more than one pending question', probe, reply);
  check((history.pendingQuestion?.turnNumber ?? null) === (pending[0]?.turnNumber ?? null), 'pendingQuestion disagrees with the turns', probe, reply);
}

/** Evaluations: the documented shape, other keys, and what must be refused (deep, large, prototype keys). */
const evaluation = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        scores: fc.dictionary(
          fc.oneof({ weight: 6, arbitrary: fc.constantFrom('communication', 'technical', 'motivation', 'été', '技术') }, { weight: 1, arbitrary: nastyString }),
          fc.double({ min: 0, max: 10, noNaN: true }),
          { maxKeys: 3 },
        ),
        flags: fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom('hesitation', 'off-topic') }, { weight: 1, arbitrary: nastyString }), { maxLength: 3 }),
        comment: fc.string({ unit: 'grapheme', maxLength: 80 }),
        model: fc.constantFrom('gpt-4o-mini', 'rules'),
        extra: fc.jsonValue({ maxDepth: 3 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.integer({ min: 33, max: 60 }).map((depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)) },
  { weight: 1, arbitrary: fc.constant({ comment: 'c'.repeat(17_000) }) },
  { weight: 1, arbitrary: prototypePollution },
  { weight: 1, arbitrary: nastyValue },
);

const content = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('y'.repeat(20_000), 'x'.repeat(20_001)) },
  { weight: 1, arbitrary: nastyString },
);
const audioUrl = fc.oneof({ weight: 3, arbitrary: fc.webUrl() }, { weight: 1, arbitrary: fc.constantFrom('https://media.example.com/t.ogg', 'javascript:alert(1)', 'ftp://a/b', '//no-scheme', 'https://') });

describe('POST /api/interviews/:id/turns', () => {
  const turnFields = fc.record(
    {
      turnNumber: fc.oneof(
        { weight: 12, arbitrary: fc.integer({ min: 1, max: 40 }) },
        { weight: 1, arbitrary: fc.constantFrom(10_000, 10_001, 0, -1, 1.5, 2 ** 31, 1e308) },
        { weight: 1, arbitrary: nastyValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      role: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom('agent', 'candidate') },
        { weight: 1, arbitrary: nastyValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      content: maybe(content, MOSTLY_GOOD),
      audioUrl: maybe(audioUrl, MOSTLY_GOOD),
      isPendingQuestion: maybe(fc.boolean(), MOSTLY_GOOD),
      evaluation: maybe(evaluation, MOSTLY_GOOD),
    },
    { requiredKeys: ['turnNumber', 'role'] },
  );

  it('never 5xx; nothing stored on rejection; an accepted turn reads back from the history as sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        authFor,
        noiseHeaders,
        pathSegment(targetIds()),
        contentType,
        fc.oneof({ weight: 8, arbitrary: fc.tuple(turnFields, extraFields) }, { weight: 1, arbitrary: brokenBody }),
        async (auth, noise, target, ct, payload) => {
          const fields = Array.isArray(payload) ? compact(payload[0] as Record<string, unknown>) : undefined;
          const body: BodyVariant = Array.isArray(payload) ? { kind: 'json', text: jsonWithExtra(fields!, payload[1]) } : payload;
          const probe: Probe = { method: 'POST', path: `/api/interviews/${target}/turns`, headers: [...headersFor(auth, target), ...noise], contentType: ct, body };
          const { reply, before, after, unchanged } = await exercise('POST /api/interviews/:id/turns', probe);
          if (reply.status >= 300) return;
          check(auth.opens(target), 'credentials that do not open this interview were accepted', probe, reply);
          const history = await historyOf(target);
          checkHistoryInvariants(history, probe, reply);
          const stored = history.turns.find((t: any) => t.turnNumber === fields!.turnNumber);
          check(stored, 'the accepted turn is not in the history', probe, reply);
          expect(stored).toEqual(reply.json);
          if (reply.status === 200) {
            check(unchanged, 'a retried turn changed something', probe, reply);
            return;
          }
          check(reply.status === 201 && after.turns === Number(before.turns) + 1, 'a created turn is not exactly one more row', probe, reply);
          expect(reply.json).toMatchObject({
            turnNumber: fields!.turnNumber,
            role: fields!.role,
            content: fields!.content ?? '',
            audioUrl: typeof fields!.audioUrl === 'string' ? fields!.audioUrl.trim() : null,
          });
          check(canonicalJson(reply.json.evaluation) === canonicalJson(fields!.evaluation ?? null), 'the evaluation was not stored as given', probe, reply);
          check(history.status === 'IN_PROGRESS', `a turn was accepted on a ${history.status} interview`, probe, reply);
        },
      ),
      runs(RUNS * 2),
    );
  }, PROPERTY_TIMEOUT);
});

describe('PATCH /api/interviews/:id/turns/:turnNumber', () => {
  const patchFields = fc.record(
    { content: maybe(content, MOSTLY_GOOD), audioUrl: maybe(audioUrl, MOSTLY_GOOD), evaluation: maybe(evaluation, MOSTLY_GOOD) },
    { requiredKeys: [] },
  );
  const turnNumber = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 2 }).map(String) },
    { weight: 2, arbitrary: fc.integer({ min: 3, max: 6 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '10001', '01', '1e2', '0x1', ' 1', 'NaN', '99999999999999999999') },
  );

  it('never 5xx; nothing changed on rejection; an accepted edit reads back from the history', async () => {
    await fc.assert(
      fc.asyncProperty(
        authFor,
        pathSegment(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool.filter((p) => p.state === 'IN_PROGRESS').map((p) => p.id)) }, { weight: 2, arbitrary: targetIds() })),
        fc.oneof({ weight: 6, arbitrary: turnNumber }, { weight: 1, arbitrary: pathSegment(turnNumber) }),
        contentType,
        fc.oneof({ weight: 8, arbitrary: fc.tuple(patchFields, extraFields) }, { weight: 1, arbitrary: brokenBody }),
        async (auth, target, n, ct, payload) => {
          const fields = Array.isArray(payload) ? compact(payload[0] as Record<string, unknown>) : undefined;
          const body: BodyVariant = Array.isArray(payload) ? { kind: 'json', text: jsonWithExtra(fields!, payload[1]) } : payload;
          const probe: Probe = { method: 'PATCH', path: `/api/interviews/${target}/turns/${n}`, headers: headersFor(auth, target), contentType: ct, body };
          const { reply, before, after } = await exercise('PATCH /api/interviews/:id/turns/:turnNumber', probe);
          if (reply.status >= 300) return;
          check(auth.opens(target), 'credentials that do not open this interview were accepted', probe, reply);
          check(after.turns === before.turns, 'an edit changed the number of turns', probe, reply);
          const history = await historyOf(target);
          checkHistoryInvariants(history, probe, reply);
          const stored = history.turns.find((t: any) => t.turnNumber === Number(n));
          expect(stored).toEqual(reply.json);
          if ('content' in fields!) expect(stored.content).toBe(fields!.content);
          if ('audioUrl' in fields!) expect(stored.audioUrl).toBe(typeof fields!.audioUrl === 'string' ? fields!.audioUrl.trim() : null);
          if ('evaluation' in fields!) check(canonicalJson(stored.evaluation) === canonicalJson(fields!.evaluation), 'the evaluation was not stored as given', probe, reply);
        },
      ),
      runs(RUNS * 2),
    );
  }, PROPERTY_TIMEOUT);
});

for (const route of ['history', 'context'] as const) {
  describe(`GET /api/interviews/:id/${route}`, () => {
    it('never 5xx; never writes; answers only for credentials that open the interview, with nothing personal beyond the first name', async () => {
      await fc.assert(
        fc.asyncProperty(authFor, noiseHeaders, pathSegment(targetIds()), async (auth, noise, target) => {
          const probe: Probe = { method: 'GET', path: `/api/interviews/${target}/${route}`, headers: [...headersFor(auth, target), ...noise] };
          const { reply } = await exercise(`GET /api/interviews/:id/${route}`, probe);
          if (reply.status >= 300) return;
          check(auth.opens(target), 'credentials that do not open this interview were accepted', probe, reply);
          check(reply.json.interviewId === decodeURIComponent(target), 'another interview answered', probe, reply);
          if (route === 'history') checkHistoryInvariants(reply.json, probe, reply);
          else {
            check(Object.keys(reply.json.candidate).sort().join() === 'firstName,locale', 'the context exposes more of the candidate', probe, reply);
            check(!reply.text.includes('@example.com'), 'the context exposes an email', probe, reply);
          }
        }),
        runs(),
      );
    }, PROPERTY_TIMEOUT);
  });
}

describe('POST /api/interviews/:id/finalize', () => {
  const finalizeFields = fc.record(
    {
      endedAt: maybe(
        fc.oneof(
          fc.integer({ min: 0, max: 50 }).map((s) => new Date(Date.now() - s * 1000).toISOString()),
          fc.constantFrom(new Date(Date.now() + 3_600_000).toISOString(), '2001-01-01T00:00:00Z', '2099-02-30T00:00:00Z', 'now', ''),
        ),
      ),
      audioUrl: maybe(audioUrl),
      generateReport: maybe(fc.boolean()),
    },
    { requiredKeys: [] },
  );

  it('never 5xx; nothing changed on rejection; an accepted finalize completes the interview with at most one report', async () => {
    await fc.assert(
      fc.asyncProperty(
        authFor,
        fc.constantFrom<State>('IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'INVITED', 'DRAFT', 'COMPLETED', 'CANCELLED'),
        fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pathSegment(fc.constant(foreignInterview)) }),
        contentType,
        fc.oneof({ weight: 8, arbitrary: fc.tuple(finalizeFields, extraFields) }, { weight: 1, arbitrary: brokenBody }),
        async (auth, state, otherTarget, ct, payload) => {
          // A fresh interview per input: finalize is one-way, so each input needs its own.
          const { interview } = await makeAgentInterview(app.db, orgA.orgId, interviewFields(state));
          if (state === 'IN_PROGRESS') await seedTurns(interview.id, orgA.orgId);
          tokens.set(interview.id, (await mintMediaToken(interview.id)).token);
          const target = otherTarget ?? interview.id;
          const fields = Array.isArray(payload) ? compact(payload[0] as Record<string, unknown>) : undefined;
          const body: BodyVariant = Array.isArray(payload) ? { kind: 'json', text: jsonWithExtra(fields!, payload[1]) } : payload;
          const probe: Probe = { method: 'POST', path: `/api/interviews/${target}/finalize`, headers: headersFor(auth, target), contentType: ct, body };
          const targetId = target === interview.id ? interview.id : foreignInterview;
          const [prior] = await app.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, targetId));
          const before = await fingerprint(app.db, orgs());
          const { reply, after, unchanged } = await exercise('POST /api/interviews/:id/finalize', probe, before);
          if (reply.status >= 300) return;
          check(auth.opens(target), 'credentials that do not open this interview were accepted', probe, reply);
          const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, targetId));
          check(stored.status === 'COMPLETED' && reply.json.status === 'COMPLETED', 'finalize did not complete the interview', probe, reply);
          if (prior.status === 'COMPLETED') {
            check(unchanged, 'finalizing a completed interview again changed something', probe, reply);
            return;
          }
          check(prior.status === 'IN_PROGRESS', `a ${prior.status} interview was finalized`, probe, reply);
          const reports = Number(after.reports) - Number(before.reports);
          check(reports === (reply.json.reportId ? 1 : 0), `${reports} report rows for reportId ${reply.json.reportId}`, probe, reply);
          // An empty body is the defaults: the stage's setting, a report.
          check((reply.json.reportId === null) === (fields?.generateReport === false), 'generateReport not followed', probe, reply);
        },
      ),
      runs(RUNS * 2),
    );
  }, PROPERTY_TIMEOUT);
});

describe('other methods on the internal paths', () => {
  it('answer the contract’s envelope, never a bare framework response', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'POST', 'OPTIONS', 'PROPFIND'),
        fc.constantFrom('turns', 'turns/1', 'history', 'finalize', 'context', 'nothing', 'turns/1/x'),
        pathSegment(targetIds()),
        brokenBody,
        async (method, suffix, target, body) => {
          const probe: Probe = { method, path: `/api/interviews/${target}/${suffix}`, headers: [['x-agent-secret', TEST_AGENT_SECRET]], contentType: 'application/json', body: method === 'GET' ? undefined : body };
          await exercise('other methods on /api/interviews/…', probe);
        },
      ),
      runs(),
    );
  }, PROPERTY_TIMEOUT);
});
