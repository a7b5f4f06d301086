import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/server/ids';
import { buildOpenApiDocument } from '@/server/openapi/build-openapi-document';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, makeKey, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  brokenBody,
  compact,
  contentType,
  extraFields,
  headerValue,
  jsonWithExtra,
  emailAddress,
  maybe,
  MOSTLY_GOOD,
  nastyString,
  nastyValue,
  noiseHeaders,
  pathSegment,
  queryPairs,
  queryString,
  type BodyVariant,
} from './hostile-input';
import { check, checkContract, countInput, countStatus, fingerprint, printSummary, runs, RUNS, send, type Probe, type Reply } from './http-property';

/**
 * Property-based tests of every REST v1 route: generated and hostile requests never get a 5xx, always get the
 * contract's envelope and a request id, store nothing when rejected, and what is accepted reads back as sent.
 * Routes that appear in the OpenAPI document later (reports, export) are covered by the generic property.
 */

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let readOnlyKey: string;
let revokedKey: string;
const own = { candidates: [] as string[], jobs: [] as string[], campaigns: [] as string[], stages: [] as string[], configs: [] as string[], interviews: [] as string[] };
const foreign = { candidates: [] as string[], jobs: [] as string[], campaigns: [] as string[], stages: [] as string[], configs: [] as string[], interviews: [] as string[] };
const SEEDED_NAMES = ['100% Ada', 'under_score', 'back\\slash', "O'Brien", 'Zoë', '李雷'];

beforeAll(async () => {
  // No job workers: a background sweep writing to the database would look like a rejected request storing something.
  app = await startTestApp({ RUN_WORKER: 'false' });
  orgA = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 10_000_000 });
  orgB = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 10_000_000 });
  readOnlyKey = (await makeKey(app.db, orgA.orgId, ['candidates:read'], 10_000_000)).key;
  const revoked = await makeKey(app.db, orgA.orgId, ['candidates:read']);
  const { revokeApiKey } = await import('@/server/services/api-keys/revoke-api-key');
  await revokeApiKey(app.db, { orgId: orgA.orgId, id: revoked.id });
  revokedKey = revoked.key;
  for (const [org, ids] of [
    [orgA, own],
    [orgB, foreign],
  ] as const) {
    for (let i = 0; i < 2; i++) {
      const setup = await makeHiringSetup(app.db, org.orgId);
      ids.jobs.push(setup.job.id);
      ids.campaigns.push(setup.campaign.id);
      ids.stages.push(setup.stage.id);
      ids.configs.push(setup.config.id);
    }
    for (const [i, name] of SEEDED_NAMES.entries()) {
      const candidate = await makeCandidate(app.db, org.orgId, { firstName: name, lastName: i % 2 ? 'Lovelace' : 'Hopper', tags: i % 2 ? ['vip', 'remote'] : ['remote'] });
      ids.candidates.push(candidate.id);
      const interview = await makeInterview(app.db, org.orgId, {
        candidateId: candidate.id,
        jobId: ids.jobs[i % 2],
        campaignId: ids.campaigns[i % 2],
        status: (['INVITED', 'DRAFT', 'IN_PROGRESS', 'COMPLETED'] as const)[i % 4],
      });
      ids.interviews.push(interview.id);
    }
  }
});

afterAll(async () => {
  printSummary();
  await app?.close();
});

const orgs = () => [orgA.orgId, orgB.orgId];

/** Credentials: mostly the right key (so requests reach validation), sometimes every way of getting it wrong. */
function authHeaders(): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant<[string, string][]>([['authorization', `Bearer ${orgA.apiKey}`]]) },
    { weight: 2, arbitrary: fc.constant<[string, string][]>([['x-api-key', orgA.apiKey]]) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<[string, string][]>(
        [],
        [['authorization', 'Bearer']],
        [['authorization', `bearer    ${orgA.apiKey}   `]],
        [['authorization', `Basic ${Buffer.from('user:pass').toString('base64')}`]],
        [['authorization', `Bearer ${orgA.apiKey}`], ['authorization', 'Bearer isk_invalid000000000000000000000000']],
        [['authorization', 'Bearer isk_invalid000000000000000000000000'], ['authorization', `Bearer ${orgA.apiKey}`]],
        [['authorization', `Bearer ${orgA.apiKey}x`]],
        [['authorization', `Bearer ${orgA.apiKey}`], ['x-api-key', orgB.apiKey]],
        [['x-api-key', '']],
        [['authorization', `Bearer ${readOnlyKey}`]],
        [['authorization', `Bearer ${revokedKey}`]],
        [['authorization', `Bearer isk_${'A'.repeat(20_000)}`]],
      ),
    },
    { weight: 1, arbitrary: headerValue.map((v): [string, string][] => [['authorization', `Bearer ${v}`]]) },
  );
}

const idempotencyHeader: fc.Arbitrary<[string, string][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, string][]>([]) },
  { weight: 2, arbitrary: fc.constantFrom('idem-1', 'idem-2').map((k): [string, string][] => [['idempotency-key', k]]) },
  { weight: 1, arbitrary: headerValue.map((k): [string, string][] => [['idempotency-key', k]]) },
  { weight: 1, arbitrary: fc.constant<[string, string][]>([['idempotency-key', '']]) },
);

function requestOf(method: string, path: string, extra: { headers: [string, string][]; contentType?: string | null; body?: BodyVariant }): Probe {
  return { method, path, headers: extra.headers, contentType: extra.contentType, body: extra.body };
}

async function get(path: string): Promise<Reply> {
  return send(app.url, { method: 'GET', path, headers: [['authorization', `Bearer ${orgA.apiKey}`]] });
}

/** Sends the probe and checks the contract; for a request that was not accepted, that nothing changed. */
async function exercise(route: string, probe: Probe): Promise<{ reply: Reply; before: Awaited<ReturnType<typeof fingerprint>>; after: Awaited<ReturnType<typeof fingerprint>> }> {
  countInput(route);
  const before = await fingerprint(app.db, orgs());
  const reply = await send(app.url, probe);
  countStatus(route, reply.status);
  checkContract(probe, reply);
  const after = await fingerprint(app.db, orgs());
  if (reply.status >= 300 || probe.method === 'GET') {
    check(JSON.stringify(after) === JSON.stringify(before), `stored something (${JSON.stringify(before)} → ${JSON.stringify(after)})`, probe, reply);
  }
  return { reply, before, after };
}

function assertOnlyChanged(probe: Probe, reply: Reply, before: Record<string, unknown>, after: Record<string, unknown>, table: string): void {
  for (const key of Object.keys(before)) {
    if (key === table) check(after[key] === Number(before[key]) + 1, `${table}: expected one more row`, probe, reply);
    else if (!key.startsWith(`${table}_`)) check(after[key] === before[key], `${key} changed`, probe, reply);
  }
}

const PROPERTY_TIMEOUT = 180_000;

describe('POST /api/v1/candidates', () => {
  const candidateFields = fc.record(
    {
      email: fc.oneof(
        { weight: 8, arbitrary: emailAddress.chain((e) => fc.constantFrom(e, e.toUpperCase(), `  ${e} `)) },
        { weight: 1, arbitrary: nastyValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      firstName: maybe(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom("O'Brien", 'José', '李', '  Ada  ', '100%_\\')), MOSTLY_GOOD),
      lastName: maybe(fc.string({ unit: 'grapheme', maxLength: 30 }), MOSTLY_GOOD),
      phone: maybe(fc.constantFrom('+33 6 12 34 56 78', '0612345678', '+1 (555) 010-9999', '  +44 20 7946 0958 '), MOSTLY_GOOD),
      locale: maybe(fc.constantFrom('fr', 'en-GB', 'EN-us', 'zh-Hant-TW', 'de-CH-1996', 'x', 'not a locale'), MOSTLY_GOOD),
      cvUrl: maybe(fc.oneof({ weight: 4, arbitrary: fc.webUrl() }, { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'ftp://x/y', 'data:text/html,x') }), MOSTLY_GOOD),
      tags: maybe(fc.array(fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.constantFrom('vip', ' vip ', '%')), { maxLength: 6 }), MOSTLY_GOOD),
      source: maybe(fc.string({ unit: 'grapheme', maxLength: 40 }), MOSTLY_GOOD),
    },
    { requiredKeys: ['email'] },
  );

  it('never 5xx; envelope on rejection and nothing stored; an accepted candidate reads back as sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        authHeaders(),
        noiseHeaders,
        idempotencyHeader,
        contentType,
        fc.oneof({ weight: 8, arbitrary: fc.tuple(candidateFields, extraFields) }, { weight: 1, arbitrary: brokenBody }),
        async (auth, noise, idem, ct, payload) => {
          const fields = Array.isArray(payload) ? compact(payload[0] as Record<string, unknown>) : undefined;
          const body: BodyVariant = Array.isArray(payload) ? { kind: 'json', text: jsonWithExtra(fields!, payload[1]) } : payload;
          const probe = requestOf('POST', '/api/v1/candidates', { headers: [...auth, ...noise, ...idem], contentType: ct, body });
          const { reply, before, after } = await exercise('POST /api/v1/candidates', probe);
          if (reply.status === 409 && reply.json.error.code === 'CONFLICT') {
            check(reply.json.error.existingId, 'a duplicate email without existingId', probe, reply);
            const existing = await get(`/api/v1/candidates/${reply.json.error.existingId}`);
            check(existing.status === 200 && existing.json.email === String(fields?.email).trim().toLowerCase(), 'existingId is not the duplicate', probe, reply);
          }
          if (reply.status !== 201) return;
          if (reply.headers.get('idempotent-replayed') === 'true') {
            check(JSON.stringify(after) === JSON.stringify(before), 'an idempotent replay stored something', probe, reply);
            return;
          }
          assertOnlyChanged(probe, reply, before, after, 'candidates');
          const stored = await get(`/api/v1/candidates/${reply.json.id}`);
          check(stored.status === 200, 'the created candidate cannot be read back', probe, stored);
          expect(stored.json).toEqual(reply.json);
          expect(reply.json).toMatchObject(expectedCandidate(fields!));
        },
      ),
      runs(RUNS * 2),
    );
  }, PROPERTY_TIMEOUT);
});

/** What the contract says a created candidate looks like: trimmed, email lower-cased, tags distinct, locale canonical. */
function expectedCandidate(input: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : null);
  const tags = Array.isArray(input.tags) ? [...new Set(input.tags.map((t: string) => t.trim()))] : [];
  return {
    email: String(input.email).trim().toLowerCase(),
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    phone: text(input.phone),
    locale: typeof input.locale === 'string' ? Intl.getCanonicalLocales(input.locale.trim())[0] : 'fr',
    cvUrl: text(input.cvUrl),
    tags,
    source: text(input.source),
  };
}

describe('POST /api/v1/interviews', () => {
  /** Built once the records exist (after beforeAll). */
  function interviewArbitrary() {
    const ref = (kind: keyof typeof own) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...own[kind]) },
        { weight: 1, arbitrary: fc.constantFrom(...foreign[kind]) },
        { weight: 1, arbitrary: nastyValue },
        { weight: 1, arbitrary: fc.constant(newId(kind === 'configs' ? 'config' : (kind.slice(0, -1) as 'job'))) },
      );
    const expiresAt = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 3_600, max: 365 * 86_400 }).map((s) => new Date(Date.now() + s * 1000).toISOString()) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '2020-01-01T00:00:00Z',
          '2099-02-30T00:00:00Z',
          '2099-12-01T24:00:00Z',
          '2099-12-31T23:59:60Z',
          '2099-12-01',
          '2099-12-01T10:00:00+14:00',
          '2099-12-01T10:00:00-12:00',
          '9999-12-31T23:59:59.999Z',
          '+275760-09-13T00:00:00Z',
          'tomorrow',
          '',
        ),
      },
      { weight: 1, arbitrary: nastyValue },
    );
    // Coherent references (job, its campaign, the campaign's stage) most of the time, so that creates succeed;
    // any of them replaced by a foreign, missing or hostile value the rest of the time.
    const coherent = fc.integer({ min: 0, max: own.jobs.length - 1 }).chain((i) =>
      fc.record(
        {
          candidateId: fc.constantFrom(...own.candidates),
          jobId: fc.constant(own.jobs[i]),
          campaignId: fc.oneof(fc.constant(undefined), fc.constant(own.campaigns[i])),
          stageId: fc.constant(own.stages[i]),
          configId: fc.oneof(fc.constant(undefined), fc.constantFrom(...own.configs)),
        },
        { requiredKeys: [] },
      ),
    );
    const interviewFields = fc
      .tuple(
        coherent,
        fc.record(
          {
            candidateId: fc.oneof(ref('candidates'), fc.constant(undefined)),
            jobId: fc.oneof(ref('jobs'), fc.constant(undefined)),
            campaignId: ref('campaigns'),
            stageId: ref('stages'),
            configId: ref('configs'),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(0, 0, 0, 1),
        fc.record({ expiresAt: fc.oneof(fc.constant(undefined), expiresAt), sendInvite: maybe(fc.boolean(), MOSTLY_GOOD) }, { requiredKeys: [] }),
      )
      .map(([good, odd, mix, rest]) => {
        const refs: Record<string, unknown> = { ...good };
        if (refs.campaignId === undefined) delete refs.stageId;
        if (mix === 1) Object.assign(refs, odd);
        return { ...refs, ...rest };
      });
    return interviewFields;
  }

  it('never 5xx; envelope on rejection and nothing stored; an accepted interview references only the caller’s records and reads back as sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        authHeaders(),
        noiseHeaders,
        idempotencyHeader,
        contentType,
        fc.oneof({ weight: 8, arbitrary: fc.tuple(interviewArbitrary(), extraFields) }, { weight: 1, arbitrary: brokenBody }),
        async (auth, noise, idem, ct, payload) => {
          const fields = Array.isArray(payload) ? compact(payload[0] as Record<string, unknown>) : undefined;
          const body: BodyVariant = Array.isArray(payload) ? { kind: 'json', text: jsonWithExtra(fields!, payload[1]) } : payload;
          const probe = requestOf('POST', '/api/v1/interviews', { headers: [...auth, ...noise, ...idem], contentType: ct, body });
          const { reply, before, after } = await exercise('POST /api/v1/interviews', probe);
          if (reply.status !== 201) return;
          if (reply.headers.get('idempotent-replayed') === 'true') {
            check(JSON.stringify(after) === JSON.stringify(before), 'an idempotent replay stored something', probe, reply);
            return;
          }
          assertOnlyChanged(probe, reply, before, after, 'interviews');
          const created = reply.json;
          for (const [field, kind] of [
            ['candidateId', 'candidates'],
            ['jobId', 'jobs'],
            ['campaignId', 'campaigns'],
            ['stageId', 'stages'],
            ['configId', 'configs'],
          ] as const) {
            check(created[field] === null || own[kind].includes(created[field]), `${field} of another organization accepted`, probe, reply);
            check(created[field] === (fields![field] ?? null), `${field} differs from the request`, probe, reply);
          }
          check(created.status === (fields!.sendInvite === false ? 'DRAFT' : 'INVITED'), 'status does not follow sendInvite', probe, reply);
          if (fields!.expiresAt !== undefined) check(created.expiresAt === new Date(String(fields!.expiresAt)).toISOString(), 'expiresAt differs', probe, reply);
          check(new Date(created.expiresAt).getTime() > Date.now(), 'expiresAt in the past accepted', probe, reply);
          const stored = await get(`/api/v1/interviews/${created.id}`);
          check(stored.status === 200, 'the created interview cannot be read back', probe, stored);
          const { candidate, transcript, evaluation, ...listFields } = stored.json;
          expect(listFields).toEqual(created);
          expect(candidate.id).toBe(created.candidateId);
          expect(transcript).toEqual([]);
          expect(evaluation).toBeNull();
        },
      ),
      runs(RUNS * 2),
    );
  }, PROPERTY_TIMEOUT);
});

describe('GET /api/v1/candidates', () => {
  it('never 5xx; never another organization’s rows; filters hold on every returned item (LIKE metacharacters are literal)', async () => {
    const known = {
      page: fc.integer({ min: 1, max: 4 }).map(String),
      pageSize: fc.integer({ min: 1, max: 100 }).map(String),
      search: fc.oneof(fc.constantFrom('%', '_', '\\', '100%', 'under_', "O'", "' OR 1=1 --", 'ada', 'LOVE', 'ada hop', '李'), nastyString),
      jobId: fc.constantFrom(...own.jobs, ...foreign.jobs),
      tags: fc.constantFrom('vip', 'remote', 'vip,remote', ' vip , remote ', ',,', '%'),
    };
    await fc.assert(
      fc.asyncProperty(authHeaders(), noiseHeaders, queryPairs(known), fc.boolean(), async (auth, noise, pairs, raw) => {
        const probe = requestOf('GET', `/api/v1/candidates${queryString(pairs, raw)}`, { headers: [...auth, ...noise] });
        const { reply } = await exercise('GET /api/v1/candidates', probe);
        if (reply.status !== 200) return;
        const { items, pagination } = reply.json;
        check(Array.isArray(items) && items.length <= pagination.pageSize && pagination.pageSize <= 100, 'page larger than pageSize', probe, reply);
        check(items.every((c: any) => !foreign.candidates.includes(c.id)), 'another organization’s candidate listed', probe, reply);
        const single = (name: string) => {
          const values = new URL(`http://x${probe.path}`).searchParams.getAll(name);
          return values.length === 1 ? values[0] : undefined;
        };
        const search = single('search')?.trim();
        if (search && /^[\x20-\x7e]+$/.test(search)) {
          // The documented rule (docs/API.md, the parameter's description): every word of the search, in any order (the
          // first 8), is a case-insensitive substring of the first name, the last name or the email. The same word
          // twice may match the same place ("$ $" finds a "$" once: a counterexample the old whole-string oracle
          // failed on).
          const words = search.toLowerCase().split(/\s+/).slice(0, 8);
          for (const c of items) {
            const haystacks = [c.email, c.firstName ?? '', c.lastName ?? ''].map((s: string) => s.toLowerCase());
            check(words.every((word) => haystacks.some((h) => h.includes(word))), `candidate ${c.id} does not match search ${JSON.stringify(search)}`, probe, reply);
          }
        }
        const tags = single('tags')
          ?.split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        if (tags && tags.length > 0) {
          for (const c of items) check(tags.every((t) => c.tags.includes(t)), `candidate ${c.id} lacks a tag of ${tags}`, probe, reply);
        }
      }),
      runs(),
    );
  }, PROPERTY_TIMEOUT);
});

describe('GET /api/v1/interviews', () => {
  it('never 5xx; never another organization’s rows; status, jobId and campaignId filters hold on every item', async () => {
    const known = {
      page: fc.integer({ min: 1, max: 3 }).map(String),
      pageSize: fc.integer({ min: 1, max: 100 }).map(String),
      status: fc.constantFrom('DRAFT', 'INVITED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED', 'invited', 'UNKNOWN'),
      jobId: fc.constantFrom(...own.jobs, ...foreign.jobs),
      campaignId: fc.constantFrom(...own.campaigns, ...foreign.campaigns),
    };
    await fc.assert(
      fc.asyncProperty(authHeaders(), noiseHeaders, queryPairs(known), fc.boolean(), async (auth, noise, pairs, raw) => {
        const probe = requestOf('GET', `/api/v1/interviews${queryString(pairs, raw)}`, { headers: [...auth, ...noise] });
        const { reply } = await exercise('GET /api/v1/interviews', probe);
        if (reply.status !== 200) return;
        const { items, pagination } = reply.json;
        check(Array.isArray(items) && items.length <= pagination.pageSize, 'page larger than pageSize', probe, reply);
        check(items.every((i: any) => !foreign.interviews.includes(i.id)), 'another organization’s interview listed', probe, reply);
        const params = new URL(`http://x${probe.path}`).searchParams;
        for (const field of ['status', 'jobId', 'campaignId']) {
          const values = params.getAll(field);
          if (values.length === 1 && values[0] !== '') {
            check(items.every((i: any) => i[field] === values[0]), `an item does not match ${field}=${values[0]}`, probe, reply);
          }
        }
      }),
      runs(),
    );
  }, PROPERTY_TIMEOUT);
});

for (const [resource, kind, noun] of [
  ['candidates', 'candidates', 'Candidate'],
  ['interviews', 'interviews', 'Interview'],
] as const) {
  describe(`GET /api/v1/${resource}/:id`, () => {
    it('never 5xx; 200 only for the caller’s own ids; another organization’s id is exactly a missing one', async () => {
      const ids = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...own[kind]) },
        { weight: 2, arbitrary: fc.constantFrom(...foreign[kind]) },
        { weight: 1, arbitrary: fc.constant(newId(kind === 'candidates' ? 'candidate' : 'interview')) },
      );
      await fc.assert(
        fc.asyncProperty(authHeaders(), noiseHeaders, pathSegment(ids), async (auth, noise, id) => {
          const probe = requestOf('GET', `/api/v1/${resource}/${id}`, { headers: [...auth, ...noise] });
          const { reply } = await exercise(`GET /api/v1/${resource}/:id`, probe);
          // A client resolves `.`, `..` and an empty segment before sending (WHATWG URL): that is another route.
          const sentPath = new URL(`${app.url}${probe.path}`).pathname.replace(/\/+$/, '');
          if (!sentPath.startsWith(`/api/v1/${resource}/`)) return;
          if (reply.status === 200) check(own[kind].includes(reply.json.id) && reply.json.id === decodeURIComponent(id), 'another record returned', probe, reply);
          if (foreign[kind].includes(id) && reply.status !== 401 && reply.status !== 403 && reply.status !== 400) {
            check(reply.status === 404 && reply.json.error.message === `${noun} not found`, 'a foreign id differs from a missing one', probe, reply);
          }
        }),
        runs(),
      );
    }, PROPERTY_TIMEOUT);
  });
}

/** Operations of the OpenAPI document that the properties above do not cover (reports and export, as they land). */
function otherOperations(): { method: string; path: string; query: string[]; hasBody: boolean }[] {
  const covered = new Set(['GET /candidates', 'POST /candidates', 'GET /candidates/{id}', 'GET /interviews', 'POST /interviews', 'GET /interviews/{id}']);
  const document = buildOpenApiDocument();
  const operations: { method: string; path: string; query: string[]; hasBody: boolean }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, any>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (covered.has(key)) continue;
      const query = ((operation.parameters ?? []) as any[]).filter((p) => p.in === 'query').map((p) => String(p.name));
      operations.push({ method: method.toUpperCase(), path, query, hasBody: Boolean(operation.requestBody) });
    }
  }
  return operations;
}

describe('every other v1 operation in the OpenAPI document', () => {
  const operations = otherOperations();
  it.each(operations.map((o) => [`${o.method} /api/v1${o.path}`, o] as const))('%s: never 5xx, envelope on rejection, nothing stored', async (route, operation) => {
    const anyId = fc.constantFrom(...own.interviews, ...own.candidates, ...own.campaigns, ...foreign.interviews, ...foreign.campaigns, newId('report'), newId('testSession'));
    const known = Object.fromEntries(
      operation.query.map((name) => [
        name,
        name.toLowerCase().endsWith('id') ? anyId : fc.constantFrom('json', 'csv', 'interviews', 'tests', 'all', 'xml', '1', ''),
      ]),
    );
    await fc.assert(
      fc.asyncProperty(
        authHeaders(),
        noiseHeaders,
        fc.array(pathSegment(anyId), { minLength: 4, maxLength: 4 }),
        operation.query.length > 0 ? queryPairs(known) : fc.constant<[string, string][]>([]),
        contentType,
        fc.oneof(fc.dictionary(nastyString, nastyValue, { maxKeys: 4 }).map((o): BodyVariant => ({ kind: 'json', text: JSON.stringify(o) })), brokenBody),
        async (auth, noise, segments, pairs, ct, body) => {
          let i = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => segments[i++]);
          const probe = requestOf(operation.method, `/api/v1${path}${queryString(pairs)}`, {
            headers: [...auth, ...noise],
            ...(operation.hasBody ? { contentType: ct, body } : {}),
          });
          await exercise(route, probe);
        },
      ),
      runs(),
    );
  }, PROPERTY_TIMEOUT);
});

describe('other methods and unknown paths under /api/v1', () => {
  it('answer the 404 envelope (or 401 without a key), never a bare framework response', async () => {
    const paths = fc.oneof(
      fc.constantFrom('/api/v1', '/api/v1/', '/api/v1/candidates', '/api/v1/interviews/', '//api/v1//candidates', '/api/v1/nothing', '/api/v1/candidates/x/y'),
      pathSegment(fc.constant('candidates')).map((s) => `/api/v1/${s}`),
    );
    await fc.assert(
      fc.asyncProperty(
        authHeaders(),
        fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO', 'POST'),
        paths,
        contentType,
        brokenBody,
        async (auth, method, path, ct, body) => {
          const probe = requestOf(method, path, { headers: auth, ...(method !== 'GET' ? { contentType: ct, body } : {}) });
          await exercise('other methods and paths under /api/v1', probe);
        },
      ),
      runs(),
    );
  }, PROPERTY_TIMEOUT);
});
