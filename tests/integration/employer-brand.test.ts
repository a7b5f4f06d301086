import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationLinkIn, startFakeResend, type FakeResend } from '../support/fake-resend-server';
import { createTestOrg, makeCandidate, makeConfig, makeJob, request, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The employer's brand (issue 25): set by an admin over the dashboard's tRPC (real HTTP), refused when the accent
 * colour fails WCAG AA on white, and shown on the candidate's page and in the invitation email sent through the
 * real Resend SDK to the fake Resend server; the logo is served publicly by its random id.
 */
let app: TestApp;
let resend: FakeResend;

beforeAll(async () => {
  resend = await startFakeResend();
  app = await startTestApp({ RESEND_API_KEY: 're_test_key_0123456789', RESEND_BASE_URL: resend.url, AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '' });
});
afterAll(async () => {
  await app?.close();
  await resend?.close();
});

type Org = TestOrg & { cookie: string };

async function adminOrg(name: string, role: 'admin' | 'recruiter' = 'admin'): Promise<Org> {
  const org = await createTestOrg(app.db, app.url, { name });
  const user = await makeRecruiter(app.db, org.orgId, { role });
  return { ...org, cookie: await sessionCookieFor(app.db, user.email) };
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const errorOf = (res: { body: any }) => res.body.error.data.error as { code: string; message: string; issues?: { path: string; message: string }[] };

describe('the employer brand', () => {
  it('refuses an accent colour that fails WCAG AA contrast on white, naming the field and suggesting a darker shade', async () => {
    const org = await adminOrg('Contrast Co');
    const res = await trpcMutation(app.url, 'settings.updateBrand', { displayName: null, accentColor: '#ffcc00' }, org.cookie);
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual([{ path: 'accentColor', message: expect.stringMatching(/^Contrast with white is 1\.\d\d:1, below the 4\.5:1 .* such as #[0-9a-f]{6} passes$/) }]);
    const suggested = /#[0-9a-f]{6}(?= passes)/.exec(error.issues![0].message)![0];
    // The suggestion itself is accepted.
    const ok = await trpcMutation(app.url, 'settings.updateBrand', { displayName: null, accentColor: suggested }, org.cookie);
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.accentColor).toBe(suggested);
    expect(ok.body.result.data.accentContrast).toBeGreaterThanOrEqual(4.5);
    // Not a colour at all, and a non-admin: refused too.
    expect(errorOf(await trpcMutation(app.url, 'settings.updateBrand', { displayName: null, accentColor: 'red;}' }, org.cookie)).issues?.[0].path).toBe('accentColor');
    const recruiter = await adminOrg('Role Co', 'recruiter');
    expect((await trpcMutation(app.url, 'settings.updateBrand', { displayName: 'X', accentColor: null }, recruiter.cookie)).status).toBe(403);
  });

  it('refuses a logo that is not the image it claims to be, or too large', async () => {
    const org = await adminOrg('Logo Checks');
    const html = Buffer.from('<svg onload="alert(1)"></svg>').toString('base64');
    const fake = await trpcMutation(app.url, 'settings.updateBrand', { displayName: null, accentColor: null, logo: { contentType: 'image/png', dataBase64: html } }, org.cookie);
    expect(fake.status).toBe(400);
    expect(errorOf(fake).issues?.[0]).toEqual({ path: 'logo.dataBase64', message: 'The logo must be a PNG, JPEG or WebP image' });
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]).toString('base64');
    const large = await trpcMutation(app.url, 'settings.updateBrand', { displayName: null, accentColor: null, logo: { contentType: 'image/png', dataBase64: big } }, org.cookie);
    expect(large.status).toBe(400);
    expect(errorOf(large).issues?.[0].path).toBe('logo.dataBase64');
  });

  it('shows the display name, logo and accent on the candidate page and in the invitation email sent through Resend', async () => {
    const org = await adminOrg('Legal Name SAS');
    const set = await trpcMutation(app.url, 'settings.updateBrand', { displayName: 'Acme Careers', accentColor: '#0F766E', logo: { contentType: 'image/png', dataBase64: PNG.toString('base64') } }, org.cookie);
    expect(set.status).toBe(200);
    const brand = set.body.result.data;
    expect(brand).toMatchObject({ displayName: 'Acme Careers', accentColor: '#0f766e', logoUrl: expect.stringMatching(/^\/api\/brand-logos\/lgo_[0-9A-Za-z]{22}$/) });
    expect((await trpcQuery(app.url, 'settings.brand', {}, org.cookie)).body.result.data).toEqual(brand);

    // The logo is public (emails show it), cacheable for ever (its id changes with each upload), the bytes as uploaded.
    const logo = await fetch(`${app.url}${brand.logoUrl}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${app.url}/api/brand-logos/lgo_0000000000000000000000`)).status).toBe(404);

    const candidate = await makeCandidate(app.db, org.orgId, { locale: 'en' });
    const job = await makeJob(app.db, org.orgId);
    const config = await makeConfig(app.db, org.orgId);
    const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, configId: config.id } });
    expect(created.status).toBe(201);
    await resend.waitForEmails(() => resend.emailsTo(candidate.email).length >= 1);
    const [email] = resend.emailsTo(candidate.email);
    expect(email.subject).toContain('Acme Careers');
    expect(email.subject).not.toContain('Legal Name SAS');
    // An absolute URL on APP_URL (email clients need one; data: URLs are blocked by most of them).
    expect(email.html).toMatch(new RegExp(`<img src="https?://[^"/]+${brand.logoUrl}" alt="Acme Careers"`));
    expect(email.html).toContain('background:#0f766e;');

    const page = await request(app.url, `/i/${invitationLinkIn(email).token}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`<img src="${brand.logoUrl}" alt="" data-testid="brand-logo"`));
    expect(page.text).toMatch(/data-testid="organization">Acme Careers</);
    expect(page.text).toContain('.cp-button,.cp-msg-candidate{background:#0f766e}');

    // A new logo replaces the old one (the old URL is gone); removing it leaves the name and colour.
    const replaced = await trpcMutation(app.url, 'settings.updateBrand', { displayName: 'Acme Careers', accentColor: '#0f766e', logo: { contentType: 'image/png', dataBase64: PNG.toString('base64') } }, org.cookie);
    expect(replaced.body.result.data.logoUrl).not.toBe(brand.logoUrl);
    expect((await fetch(`${app.url}${brand.logoUrl}`)).status).toBe(404);
    const removed = await trpcMutation(app.url, 'settings.updateBrand', { displayName: 'Acme Careers', accentColor: '#0f766e', logo: null }, org.cookie);
    expect(removed.body.result.data).toMatchObject({ logoUrl: null, displayName: 'Acme Careers' });
  });
});
