import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '@/db/schema';
import { createTestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../support/recruiters';
import { postSignIn, postSignInAsFetch, readSignInForm, type SignInForm } from '../support/sign-in-http';
import { startTestApp, type TestApp } from '../support/test-app';
import { brokenBody, contentType, hostileNext, nextQuery, type BodyVariant } from './hostile-input';
import { check, checkContract, countInput, countStatus, printSummary, runs, send, type Probe, type Reply } from './http-property';

/**
 * Property-based tests of the sign-in page and form (issue 27): whatever `next` a link or a client carries, and
 * whatever a client POSTs as a server action, never a 5xx, and never a redirect off this site or with a character
 * a URL parser could read another way.
 */

let app: TestApp;
let email: string;
let form: SignInForm;

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
  const org = await createTestOrg(app.db, app.url);
  email = (await makeRecruiter(app.db, org.orgId)).email;
  form = await readSignInForm(app.url);
});

afterAll(async () => {
  printSummary();
  await app?.close();
});

const UNSAFE = /[\p{Cc}\p{Cf}\s\\]/u;

/** A target this site may send a browser to: a path with one leading slash, nothing a parser reads another way. */
function isSafeTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE.test(target)) return false;
  return new URL(target, app.url).origin === new URL(app.url).origin;
}

/** Every sign-in counts against the client's limit (30 per window, successes included): start each one afresh. */
async function forgetAttempts(): Promise<void> {
  await app.db.delete(loginAttempts);
}

function probeOf(method: string, path: string, next: string): Probe {
  return { method, path, headers: [['x-next', JSON.stringify(next).slice(0, 200)]] };
}

/** Signed in: without JavaScript a 303, for React's client a 200 naming the target in X-Action-Redirect. */
function checkSignedIn(probe: Probe, res: Response, target: string | null, text: string, status: number): void {
  const reply: Reply = { status: res.status, headers: res.headers, text, json: undefined };
  check(res.status < 500, `server error ${res.status}`, probe, reply);
  check(res.status === status, `sign-in answered ${res.status}, not ${status}`, probe, reply);
  check(target !== null && isSafeTarget(target), `unsafe target ${JSON.stringify(target)}`, probe, reply);
}

describe('the sign-in page and form, over `next`', () => {
  it('the page answers and its form carries only a safe `next`, however the link spelled it', async () => {
    await fc.assert(
      fc.asyncProperty(hostileNext, fc.constantFrom<'encoded' | 'double' | 'raw'>('encoded', 'double', 'raw'), async (next, encoding) => {
        countInput('GET /login?next=');
        const page = await readSignInForm(app.url, nextQuery(next, encoding));
        countStatus('GET /login?next=', page.status);
        const probe = probeOf('GET', `/login${nextQuery(next, encoding)}`, next);
        // A link whose request line passes the server's 16 KiB for a request's head is refused before any page
        // renders, with the envelope's 400 (node-guards.ts); every other link gets the page.
        const tooLong = Buffer.byteLength(new URL(`${app.url}/login${nextQuery(next, encoding)}`).href) > 15 * 1024;
        check(page.status === 200 || (tooLong && page.status === 400 && page.html.includes('"VALIDATION_ERROR"')), `the sign-in page answered ${page.status}`, probe);
        check(page.next === '' || isSafeTarget(page.next), `the form carries ${JSON.stringify(page.next)}`, probe);
      }),
      runs(),
    );
  });

  it('signing in without JavaScript redirects to this site only, with nothing a parser reads another way', async () => {
    await fc.assert(
      fc.asyncProperty(hostileNext, async (next) => {
        countInput('POST /login (form)');
        await forgetAttempts();
        const res = await postSignIn(app.url, form, { email, password: RECRUITER_PASSWORD, next });
        const text = await res.text();
        countStatus('POST /login (form)', res.status);
        checkSignedIn(probeOf('POST', '/login', next), res, res.headers.get('location'), text, 303);
      }),
      runs(),
    );
  });

  it("signing in as React's client does redirects to this site only", async () => {
    await fc.assert(
      fc.asyncProperty(hostileNext, async (next) => {
        countInput('POST /login (Next-Action)');
        await forgetAttempts();
        const res = await postSignInAsFetch(app.url, form.actionId, { email, password: RECRUITER_PASSWORD, next });
        const text = await res.text();
        countStatus('POST /login (Next-Action)', res.status);
        const target = res.headers.get('x-action-redirect')?.replace(/;(push|replace)$/, '') ?? null;
        checkSignedIn(probeOf('POST', '/login', next), res, target, text, 200);
        const location = res.headers.get('location');
        if (location !== null) check(isSafeTarget(location), `unsafe Location ${JSON.stringify(location)}`, probeOf('POST', '/login', next));
      }),
      runs(),
    );
  });

  it('a malformed server-action request is a 4xx in the envelope, never a 5xx', async () => {
    const actionBody = fc.oneof(
      brokenBody,
      fc.constantFrom<BodyVariant>({ kind: 'json', text: '0=[]' }, { kind: 'json', text: '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--xyz--\r\n' }),
    );
    await fc.assert(
      fc.asyncProperty(
        actionBody,
        fc.oneof(contentType, fc.constantFrom('text/plain;charset=UTF-8', 'multipart/form-data; boundary=xyz', 'multipart/form-data')),
        fc.constantFrom(form.actionId, `7f${'0'.repeat(40)}`, 'abc', ''),
        async (body, type, actionId) => {
          countInput('POST /login (malformed action)');
          const probe: Probe = { method: 'POST', path: '/login', headers: [['next-action', actionId]], contentType: type, body };
          const reply = await send(app.url, probe);
          countStatus('POST /login (malformed action)', reply.status);
          checkContract(probe, reply);
          check(reply.status >= 400, `a malformed action was answered ${reply.status}`, probe, reply);
        },
      ),
      runs(),
    );
  });
});

it('the sign-in still works after the properties ran', async () => {
  await forgetAttempts();
  const res = await postSignIn(app.url, form, { email, password: RECRUITER_PASSWORD, next: '/settings' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/settings');
});
