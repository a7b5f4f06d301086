import { afterAll, beforeAll, describe, it } from 'vitest';
import { eraseSpokenCandidateScenario, s3StoreProbe } from '../support/erasure-audio';
import { createTestOrg, makeHiringSetup } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 12's erasure of a candidate's audio, S3-compatible store (s3rver); the local store is data-rights-audio.test.ts. */
let app: TestApp;
let openai: FakeOpenAi;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
  openai = await startFakeOpenAi();
  app = await startTestApp({
    ...s3.env,
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'fake-evaluator',
    STT_BASE_URL: openai.baseUrl,
    TTS_BASE_URL: openai.baseUrl,
    AUDIO_URL_TTL_SECONDS: '600',
  });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  await openai?.close();
});

describe('erasure of a candidate who answered by voice (S3-compatible store)', () => {
  it('deletes every recording from the bucket and the database, its signed URLs are 404, nothing of them is left anywhere', async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    await eraseSpokenCandidateScenario({ app, org, openai, setup, store: s3StoreProbe(s3) });
  }, 120_000);
});
