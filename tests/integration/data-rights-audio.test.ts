import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eraseSpokenCandidateScenario, localStoreProbe } from '../support/erasure-audio';
import { createTestOrg, makeHiringSetup } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 12's erasure of a candidate's audio, local directory store (STORAGE_DIR). The same scenario on an
 * S3-compatible store is data-rights-audio-s3.test.ts (one app per file: the store is the process's configuration).
 */
let app: TestApp;
let openai: FakeOpenAi;
let storageDir: string;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  storageDir = await mkdtemp(path.join(tmpdir(), 'erasure-audio-'));
  app = await startTestApp({
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'fake-evaluator',
    STT_BASE_URL: openai.baseUrl,
    TTS_BASE_URL: openai.baseUrl,
    STORAGE_DIR: storageDir,
    S3_BUCKET: '',
    AUDIO_URL_TTL_SECONDS: '600',
  });
});
afterAll(async () => {
  await app?.close();
  await openai?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('erasure of a candidate who answered by voice (local store)', () => {
  it('deletes every recording from the directory and the database, its signed URLs are 404, nothing of them is left anywhere', async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    await eraseSpokenCandidateScenario({ app, org, openai, setup, store: localStoreProbe(storageDir) });
  }, 120_000);
});
