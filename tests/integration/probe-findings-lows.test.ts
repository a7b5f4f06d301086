import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvitedInterview } from '../support/candidate-interview';
import { silentWav } from '../support/fake-openai-server';
import { startTestApp, type TestApp } from '../support/test-app';

/** The low findings of issue 27's black-box probe, each over the real app. */

let app: TestApp;
beforeAll(async () => {
  // Nothing configured (the built-in interviewer, written answers): the candidate's routes need no fake provider.
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', AGENT_DISPATCH_URL: '', DEMO_AGENT_TURN_DELAY_MS: '0' });
});
afterAll(() => app?.close());

/** A candidate who answered both questions in writing: their interview is COMPLETED and takes its recording. */
async function completedInterview() {
  const s = await makeInvitedInterview(app.db, app.url);
  expect((await s.candidateApi.start()).status).toBe(200);
  await s.candidateApi.answer(1, { text: 'Six years of payment systems.' });
  expect((await s.candidateApi.answer(3, { text: '' })).body.status).toBe('COMPLETED');
  return s;
}

describe('stored audio is never served as something a browser would render', () => {
  it('a WAV header followed by HTML is a download in a sandbox without sources, on GET, HEAD and ranges', async () => {
    const s = await completedInterview();
    const polyglot = Buffer.concat([silentWav(1).subarray(0, 44), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const uploaded = await s.candidateApi.recording(polyglot);
    expect(uploaded.status).toBe(200);
    const { audioId } = (await uploaded.json()) as { audioId: string };
    const retrieved = await s.org.api(`/api/v1/interviews/${s.interview.id}`);
    const signed = new URL(retrieved.body.audioUrl);
    const url = `${app.url}${signed.pathname}${signed.search}`;

    const expectDownloadHeaders = (res: Response) => {
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${audioId}.wav"`);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    };
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expectDownloadHeaders(whole);
    expect(Buffer.from(await whole.arrayBuffer()).equals(polyglot)).toBe(true);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectDownloadHeaders(head);

    // Players still seek: Range keeps working with the same headers.
    const part = await fetch(url, { headers: { range: 'bytes=44-49' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 44-49/${polyglot.length}`);
    expectDownloadHeaders(part);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('<html>');

    // Unsigned, with the organization's key: the same headers.
    const keyed = await fetch(`${app.url}/api/audio/${audioId}`, { headers: { authorization: `Bearer ${s.org.apiKey}` } });
    expect(keyed.status).toBe(200);
    expectDownloadHeaders(keyed);
  });
});
