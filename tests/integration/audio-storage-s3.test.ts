import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { fetchStatus } from '../support/fetch-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordings } from '@/db/schema';
import { audioSignature } from '@/server/services/storage/audio-urls';
import { makeInvitedInterview } from '../support/candidate-interview';
import { createTestOrg } from '../support/factories';
import { silentWav, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { makeRecruiter, sessionCookieFor } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/** The recordings store on an S3-compatible server (s3rver), through @aws-sdk/client-s3. */
let app: TestApp;
let s3: LocalS3;
let openai: FakeOpenAi;
let client: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3();
  openai = await startFakeOpenAi();
  app = await startTestApp({ ...s3.env, STT_BASE_URL: openai.baseUrl, LLM_BASE_URL: '', TTS_BASE_URL: openai.baseUrl, AUDIO_URL_TTL_SECONDS: '60' });
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  await openai?.close();
});

async function objectKeys(prefix: string): Promise<string[]> {
  const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('recordings on S3-compatible storage', () => {
  it('stores the answer in the bucket, replaces drafts, serves it with Range and signed URLs, only to its organization', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await s.candidateApi.start();
    const wav = silentWav(3);
    const draft = await s.candidateApi.upload(1, wav, 'audio/wav');
    expect(draft.status).toBe(200);
    const upload = await s.candidateApi.upload(1, wav, 'audio/wav');
    expect(upload.status).toBe(200);
    const keys = await objectKeys(`orgs/${s.org.orgId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^orgs/${s.org.orgId}/interviews/${s.interview.id}/answers/1-${upload.body.audioId}\\.wav$`));

    await s.candidateApi.answer(1, { text: upload.body.transcript, audioId: upload.body.audioId });
    const retrieved = await s.org.api(`/api/v1/interviews/${s.interview.id}`);
    const signed = (retrieved.body.transcript[1].audioUrl as string).replace('http://localhost:3999', app.url);
    expect(signed).toMatch(/\?expires=\d+&signature=/);
    const expires = Number(new URL(signed).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60_000);

    const whole = await fetch(signed);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);
    const tail = await fetch(signed, { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${wav.length - 100}-${wav.length - 1}/${wav.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 100))).toBe(true);
    const middle = await fetch(signed, { headers: { range: 'bytes=44-1043' } });
    expect(middle.status).toBe(206);
    expect((await middle.arrayBuffer()).byteLength).toBe(1000);

    const past = Math.floor(Date.now() / 1000) - 1;
    expect(await fetchStatus(`${app.url}/api/audio/${upload.body.audioId}?expires=${past}&signature=${audioSignature(upload.body.audioId, past)}`)).toBe(403);

    const unsigned = `${app.url}/api/audio/${upload.body.audioId}`;
    const other = await createTestOrg(app.db, app.url);
    expect(await fetchStatus(unsigned, { headers: { authorization: `Bearer ${other.apiKey}` } })).toBe(404);
    const stranger = await makeRecruiter(app.db, other.orgId);
    expect(await fetchStatus(unsigned, { headers: { cookie: await sessionCookieFor(app.db, stranger.email) } })).toBe(404);
    const own = await fetch(unsigned, { headers: { 'x-api-key': s.org.apiKey, range: 'bytes=0-3' } });
    expect(own.status).toBe(206);
    expect(Buffer.from(await own.arrayBuffer()).toString('latin1')).toBe('RIFF');
  });

  it('refuses oversized and non-audio uploads and puts nothing in the bucket', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await s.candidateApi.start();
    expect((await s.candidateApi.upload(1, Buffer.from('{"not":"audio"}'), 'application/json')).status).toBe(415);
    expect((await s.candidateApi.upload(1, Buffer.from('plain text pretending'), 'audio/ogg')).status).toBe(415);
    expect((await s.candidateApi.upload(1, Buffer.alloc(10 * 1024 * 1024 + 1, 0x4f), 'audio/ogg')).status).toBe(413);
    expect(await objectKeys(`orgs/${s.org.orgId}/`)).toEqual([]);
    expect(await app.db.select().from(audioRecordings).where(eq(audioRecordings.orgId, s.org.orgId))).toEqual([]);
  });

  it('caches spoken questions in the bucket', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await s.candidateApi.start();
    expect((await s.candidateApi.speech(1)).status).toBe(200);
    expect(await objectKeys(`orgs/${s.org.orgId}/interviews/${s.interview.id}/speech/`)).toHaveLength(1);
  });
});
