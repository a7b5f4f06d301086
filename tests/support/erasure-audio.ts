import { readdir, readFile } from 'node:fs/promises';
import { fetchStatus } from './fetch-status';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { audioRecordings, interviews, reports } from '@/db/schema';
import type { Database } from '@/db/client';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { candidateApi, waitFor } from './candidate-interview';
import { searchWholeDatabase } from './database-search';
import { makeCandidate, makeInterview, type TestOrg } from './factories';
import { silentWav, type FakeOpenAi } from './fake-openai';
import type { Person } from './data-rights';
import { recruiterCaller } from './recruiter-caller';
import type { LocalS3 } from './s3-server';

/** What a test can see of the recordings store, whichever it is: every object's key and bytes. */
export type StoreProbe = { keys: (prefix?: string) => Promise<string[]>; read: (key: string) => Promise<Buffer> };

export function localStoreProbe(root: string): StoreProbe {
  return {
    keys: async (prefix = '') => {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return [];
      }
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    read: (key) => readFile(path.join(root, key)),
  };
}

export function s3StoreProbe(s3: LocalS3): StoreProbe {
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  return {
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        keys.push(...(out.Contents ?? []).map((o) => o.Key!));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    read: async (key) => {
      const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
  };
}

/** Every (key, needle) where the needle occurs in the object's key or bytes, case-insensitively. */
export async function searchStore(store: StoreProbe, needles: string[]): Promise<{ key: string; needle: string }[]> {
  const hits: { key: string; needle: string }[] = [];
  for (const key of await store.keys()) {
    const text = `${key}\n${(await store.read(key)).toString('utf8')}`.toLowerCase();
    for (const needle of needles) if (text.includes(needle.toLowerCase())) hits.push({ key, needle });
  }
  return hits;
}

/**
 * A WAV as a recorder writes it: silence, then a LIST/INFO chunk whose title names the speaker (so the stored
 * object itself holds personal data the store search must find before the erasure and never after).
 */
export function taggedWav(title: string, seconds = 1): Buffer {
  const wav = silentWav(seconds);
  const text = Buffer.from(`${title}\0`, 'utf8');
  const padded = text.length % 2 === 0 ? text : Buffer.concat([text, Buffer.alloc(1)]);
  const inam = Buffer.concat([Buffer.from('INAM', 'latin1'), u32(text.length), padded]);
  const list = Buffer.concat([Buffer.from('LIST', 'latin1'), u32(4 + inam.length), Buffer.from('INFO', 'latin1'), inam]);
  const out = Buffer.concat([wav, list]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

export type SpokenInterview = {
  candidateId: string;
  interviewId: string;
  token: string;
  /** The service's signed URLs of the answers' and the whole session's recordings, as REST v1 presents them. */
  signedUrls: string[];
  audioIds: string[];
};

/**
 * A candidate of the campaign takes the built-in interviewer's interview by voice through the candidate API: each
 * question is spoken (TTS, cached in the store), each answer is a recording the fake STT transcribes as a sentence
 * holding the person's names, phone and phrase; the interview completes, the page sends the whole conversation's
 * recording, and the report is READY.
 */
export async function spokenInterview(
  app: { url: string; db: Database },
  org: TestOrg,
  setup: { job: { id: string }; campaign: { id: string }; stage: { id: string }; config: { id: string } },
  openai: FakeOpenAi,
  person: Person,
): Promise<SpokenInterview> {
  const candidate = await makeCandidate(app.db, org.orgId, { email: person.email, firstName: person.firstName, lastName: person.lastName, phone: person.phone, locale: 'en' });
  const { token, hash } = newInvitationToken();
  const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, inviteTokenHash: hash });
  const api = candidateApi(app.url, token);
  const voice = `${person.firstName} ${person.lastName} <${person.email}>`;

  let session = await api.start();
  expect(session.status).toBe(200);
  const audioIds: string[] = [];
  while (session.body.status !== 'COMPLETED') {
    const turnNumber: number = session.body.question.turnNumber;
    expect((await api.speech(turnNumber)).status).toBe(200);
    const transcript = `I am ${person.firstName} ${person.lastName}, call me on ${person.phone}; ${person.phrase}, which taught me to explain trade-offs early (question ${turnNumber}).`;
    openai.queueTranscripts(transcript);
    const upload = await api.upload(turnNumber, taggedWav(voice, 2), 'audio/wav');
    expect(upload.status).toBe(200);
    expect(upload.body.transcript).toBe(transcript);
    audioIds.push(upload.body.audioId);
    session = await api.answer(turnNumber, { text: upload.body.transcript, audioId: upload.body.audioId });
    expect(session.status).toBe(200);
  }
  const recording = await api.recording(taggedWav(voice, 4), 'audio/wav');
  expect(recording.status).toBe(200);
  audioIds.push(((await recording.json()) as { audioId: string }).audioId);

  await waitFor(async () => {
    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    return res.status === 200 && res.body.status === 'READY';
  });
  const retrieved = await org.api(`/api/v1/interviews/${interview.id}`);
  expect(retrieved.status).toBe(200);
  const toLocal = (url: string) => url.replace('http://localhost:3999', app.url);
  const signedUrls = [
    ...retrieved.body.transcript.filter((t: { role: string }) => t.role === 'candidate').map((t: { audioUrl: string }) => toLocal(t.audioUrl)),
    toLocal(retrieved.body.audioUrl),
  ];
  for (const url of signedUrls) expect(url).toMatch(/\/api\/audio\/rec_\w+\?expires=\d+&signature=/);
  return { candidateId: candidate.id, interviewId: interview.id, token, signedUrls, audioIds };
}

/** The campaign's dashboard counts and each interview's status and report scores. */
export async function campaignFigures(db: Database, orgId: string, campaignId: string) {
  const view = await recruiterCaller(db, orgId).dashboard.campaign({ id: campaignId });
  const rows = await db
    .select({ id: interviews.id, status: interviews.status, score: reports.overallScore, recommendation: reports.recommendation, criteria: reports.criteria })
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .where(and(eq(interviews.orgId, orgId), eq(interviews.campaignId, campaignId)))
    .orderBy(interviews.id);
  return { counts: { ...view.counts }, rows: rows.map((r) => ({ ...r, criteria: r.criteria?.map((c) => ({ key: c.key, score: c.score, weight: c.weight })) })) };
}

export async function recordingsOf(db: Database, orgId: string, interviewId: string) {
  return db.select().from(audioRecordings).where(and(eq(audioRecordings.orgId, orgId), eq(audioRecordings.interviewId, interviewId)));
}

export const AUDIO_PERSON: Person = {
  email: 'ottoline.brackenridge@example.net',
  firstName: 'Ottoline',
  lastName: 'Brackenridge',
  phone: '+33 6 71 04 88 39',
  phrase: 'the harpsichord of my grandmother tuned the build farm',
};
export const AUDIO_OTHER: Person = {
  email: 'casimir.wetherell@example.org',
  firstName: 'Casimir',
  lastName: 'Wetherell',
  phone: '+44 7700 900812',
  phrase: 'a lighthouse of cobalt semaphores',
};

/**
 * The erasure of a candidate who took a spoken interview, against whichever store the app runs on: DELETE
 * /api/v1/candidates/:id, then the store, `audio_recordings`, the signed URLs, the whole database and the store's
 * bytes hold nothing of them, while the other candidate of the campaign keeps their audio and the campaign's
 * counts and scores are unchanged.
 */
export async function eraseSpokenCandidateScenario(ctx: { app: { url: string; db: Database }; org: TestOrg; openai: FakeOpenAi; store: StoreProbe; setup: Parameters<typeof spokenInterview>[2] }) {
  const { app, org, openai, store, setup } = ctx;
  const erased = await spokenInterview(app, org, setup, openai, AUDIO_PERSON);
  const kept = await spokenInterview(app, org, setup, openai, AUDIO_OTHER);
  const prefix = (interviewId: string) => `orgs/${org.orgId}/interviews/${interviewId}/`;
  const needles = [AUDIO_PERSON.email, AUDIO_PERSON.firstName, AUDIO_PERSON.lastName, AUDIO_PERSON.phone, AUDIO_PERSON.phrase];

  // Before: the store holds the interview's answers (2), spoken questions (2) and whole conversation (1), exactly
  // the objects its recordings name; the signed URLs serve them; both searches find every needle.
  const rowsBefore = await recordingsOf(app.db, org.orgId, erased.interviewId);
  expect(rowsBefore.map((r) => r.kind).sort()).toEqual(['answer', 'answer', 'session', 'speech', 'speech']);
  expect(rowsBefore.filter((r) => r.kind === 'answer').every((r) => r.transcript?.includes(AUDIO_PERSON.phrase))).toBe(true);
  const keysBefore = await store.keys(prefix(erased.interviewId));
  expect(keysBefore).toEqual(rowsBefore.map((r) => r.storageKey).sort());
  expect(erased.signedUrls).toHaveLength(3);
  for (const url of erased.signedUrls) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).includes(AUDIO_PERSON.lastName)).toBe(true);
  }
  const storeHitsBefore = await searchStore(store, needles);
  expect(new Set(storeHitsBefore.map((h) => h.needle))).toEqual(new Set([AUDIO_PERSON.email, AUDIO_PERSON.firstName, AUDIO_PERSON.lastName]));
  const dbHitsBefore = await searchWholeDatabase(app.db, needles);
  expect(new Set(dbHitsBefore.map((h) => h.needle))).toEqual(new Set(needles));
  expect(dbHitsBefore.map((h) => `${h.table}.${h.column}`)).toEqual(expect.arrayContaining(['candidates.email', 'turns.content', 'audio_recordings.transcript']));
  const keptKeys = await store.keys(prefix(kept.interviewId));
  expect(keptKeys).toHaveLength(5);
  const figuresBefore = await campaignFigures(app.db, org.orgId, setup.campaign.id);
  expect(figuresBefore.rows.filter((r) => r.status === 'COMPLETED' && r.score !== null)).toHaveLength(2);

  const res = await org.api(`/api/v1/candidates/${erased.candidateId}`, { method: 'DELETE' });
  expect(res.status).toBe(204);
  // From the moment the erasure commits, the recordings are not served, whether or not the job has run yet.
  for (const url of erased.signedUrls) expect(await fetchStatus(url)).toBe(404);
  for (const audioId of erased.audioIds) {
    expect(await fetchStatus(`${app.url}/api/audio/${audioId}`, { headers: { authorization: `Bearer ${org.apiKey}` } })).toBe(404);
  }

  // The erase-audio job deletes the objects, then the rows.
  await waitFor(async () => (await recordingsOf(app.db, org.orgId, erased.interviewId)).length === 0 && (await store.keys(prefix(erased.interviewId))).length === 0);
  expect(await store.keys(prefix(erased.interviewId))).toEqual([]);
  for (const key of keysBefore) expect((await store.keys(key)).length).toBe(0);
  expect(await recordingsOf(app.db, org.orgId, erased.interviewId)).toEqual([]);
  for (const url of erased.signedUrls) {
    const after = await fetch(url);
    expect(after.status).toBe(404);
    expect(after.headers.get('content-type')).toContain('application/json');
    expect((await after.json()).error.code).toBe('NOT_FOUND');
  }
  expect(await searchStore(store, needles)).toEqual([]);
  expect(await searchWholeDatabase(app.db, needles)).toEqual([]);

  // The candidate's link takes no more audio (the page's late whole-conversation upload included).
  const late = await candidateApi(app.url, erased.token).recording(taggedWav('late', 1), 'audio/wav');
  expect(late.status).toBe(404);
  expect(await store.keys(prefix(erased.interviewId))).toEqual([]);

  // The other candidate keeps everything; the campaign's counts and scores are what they were.
  expect(await store.keys(prefix(kept.interviewId))).toEqual(keptKeys);
  expect(await fetchStatus(kept.signedUrls[0])).toBe(200);
  expect(new Set((await searchWholeDatabase(app.db, [AUDIO_OTHER.email, AUDIO_OTHER.phrase])).map((h) => h.needle))).toEqual(new Set([AUDIO_OTHER.email, AUDIO_OTHER.phrase]));
  expect(await campaignFigures(app.db, org.orgId, setup.campaign.id)).toEqual(figuresBefore);
}
