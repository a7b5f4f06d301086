import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, makeCandidate, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A client generated from the published OpenAPI document (docs/openapi.json) with openapi-typescript, called
 * through openapi-fetch, as an integrator would (issue 24): the generated types must type-check a real client
 * program, and that program must work against the running API. A schema that drifted from the handlers (a wrong
 * field name, a missing path, a body the API refuses) fails one or the other.
 */

const workDir = path.join(process.cwd(), '.data', `openapi-client-${process.pid}`);

/** The integrator's program: typed calls only (no casts), returning what it saw. */
const CLIENT_PROGRAM = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function run(baseUrl: string, apiKey: string, existingId: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });
  const created = await client.POST('/candidates', { body: { email: 'ada.client@example.com', firstName: 'Ada', lastName: 'Client' } });
  if (!created.data) throw new Error('create failed: ' + JSON.stringify(created.error));
  const createdId: string = created.data.id;
  const one = await client.GET('/candidates/{id}', { params: { path: { id: existingId } } });
  const firstName: string | null | undefined = one.data?.firstName;
  const listed = await client.GET('/candidates', { params: { query: { pageSize: 50 } } });
  const emails: string[] = (listed.data?.items ?? []).map((c) => c.email);
  const missing = await client.GET('/candidates/{id}', { params: { path: { id: 'cnd_doesnotexist0000000000' } } });
  const refused = await client.POST('/candidates', { body: { email: 'not an email' } });
  return { createdId, firstName, emails, missingStatus: missing.response.status, missingCode: missing.error?.error?.code, refusedStatus: refused.response.status };
}

// Wrong on purpose, so that the check below proves the types bind: a declared field given the wrong type.
export async function wrong(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error an email is a string
  await client.POST('/candidates', { body: { email: 42 } });
}
`;

let app: TestApp;
let org: TestOrg;
beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  mkdirSync(workDir, { recursive: true });
});
afterAll(async () => {
  await app?.close();
  rmSync(workDir, { recursive: true, force: true });
});

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from docs/openapi.json', { timeout: 120_000 }, () => {
  it('type-checks an integrator’s program and works against the API', async () => {
    const document = JSON.parse(readFileSync(path.join(process.cwd(), 'docs', 'openapi.json'), 'utf8'));
    writeFileSync(path.join(workDir, 'schema.d.ts'), astToString(await openapiTS(document)));
    const programFile = path.join(workDir, 'client.ts');
    writeFileSync(programFile, CLIENT_PROGRAM);
    expect(typeErrors(programFile)).toEqual([]);

    const existing = await makeCandidate(app.db, org.orgId, { email: 'grace.existing@example.com', firstName: 'Grace' });
    const { run } = await import(programFile);
    const seen = await run(`${app.url}/api/v1`, org.apiKey, existing.id);
    expect(seen.createdId).toMatch(/^cnd_/);
    expect(seen.firstName).toBe('Grace');
    expect(seen.emails).toEqual(expect.arrayContaining(['ada.client@example.com', 'grace.existing@example.com']));
    expect([seen.missingStatus, seen.missingCode]).toEqual([404, 'NOT_FOUND']);
    expect(seen.refusedStatus).toBe(400);
  });

  it('refuses, at compile time, a field of the wrong type', () => {
    const file = path.join(workDir, 'unused-directive.ts');
    // Without the @ts-expect-error line's error the directive itself is reported: make the value right and see it.
    writeFileSync(file, CLIENT_PROGRAM.replace('email: 42', "email: 'x@example.com'"));
    expect(typeErrors(file)).toEqual([expect.stringContaining("Unused '@ts-expect-error' directive")]);
  });
});
