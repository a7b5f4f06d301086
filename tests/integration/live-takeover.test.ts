import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveConnections } from '@/db/schema';
import { claimLiveConversation, LEASE_CHECK_MS } from '@/server/services/live/live-lease';
import { makeInvitedInterview } from '../support/candidate-interview';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { connectLive, liveUrl } from '../support/live-candidate';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * One live conversation per interview across app instances (server/services/live/live-lease.ts): a connection
 * made to another instance claims the interview in the shared database, and this instance's connection for it
 * ends with the takeover code (4000) within the lease check. The other instance is played by a claim written to
 * the database as it would write it; the conversation itself runs against the fake OpenAI Realtime server.
 */

const APP_ORIGIN = 'http://localhost:3998';
const QUESTIONS = [{ id: 'q1', text: 'Tell me about a project you led.' }];

let app: TestApp;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({
    APP_URL: APP_ORIGIN,
    REALTIME_BASE_URL: fake.baseUrl,
    REALTIME_API_KEY: 'sk-realtime-takeover-test-0123',
    REALTIME_MODEL: 'gpt-realtime',
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function openConversation() {
  const invited = await makeInvitedInterview(app.db, app.url, { questions: QUESTIONS });
  expect((await invited.candidateApi.start()).status).toBe(200);
  const client = await connectLive(liveUrl(app.url, invited.token), APP_ORIGIN);
  await client.waitFor((e) => e.type === 'ready');
  return { ...invited, client };
}

const claimOf = async (interviewId: string) => (await app.db.select().from(liveConnections).where(eq(liveConnections.interviewId, interviewId)))[0] ?? null;

describe('one live conversation per interview across instances', { timeout: 60_000 }, () => {
  it('a newer connection on another instance ends this one with the takeover code, and nothing more is said on it', async () => {
    const { interview, client } = await openConversation();
    const provider = fake.realtime.sessions.at(-1)!;
    const mine = await claimOf(interview.id);
    expect(mine).toMatchObject({ orgId: interview.orgId, connectionId: expect.stringMatching(/^lvc_/) });

    // The greeting has been asked for: from here this connection has nothing to say until the candidate speaks.
    await expect.poll(() => provider.received.some((e) => e.type === 'response.create')).toBe(true);
    const claimedAt = Date.now();
    const askedBefore = provider.received.filter((e) => e.type === 'response.create').length;
    const theirs = await claimLiveConversation(app.db, { orgId: interview.orgId, interviewId: interview.id });
    const closed = await client.closed;
    expect(closed.code).toBe(4000);
    // Within the lease check, with slack for a loaded machine.
    expect(Date.now() - claimedAt).toBeLessThan(LEASE_CHECK_MS + 5_000);
    // The ended connection does not release the newer claim.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await claimOf(interview.id))?.connectionId).toBe(theirs);
    // Its provider session is closed with it, and was asked to say nothing after the claim.
    await expect.poll(() => provider.closed).toBe(true);
    expect(provider.received.filter((e) => e.type === 'response.create').length).toBe(askedBefore);
  });

  it('a connection that closes releases its claim', async () => {
    const { interview, client } = await openConversation();
    expect(await claimOf(interview.id)).not.toBeNull();
    client.ws.close(1000);
    await client.closed;
    await expect.poll(() => claimOf(interview.id)).toBeNull();
  });
});
