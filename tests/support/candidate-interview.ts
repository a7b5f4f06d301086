import type { Database } from '@/db/client';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { createTestOrg, makeCandidate, makeConfig, makeInterview, makeJob, request, type ApiResponse, type TestOrg } from './factories';

/**
 * An organization with an invited interview whose link token the test knows (no email round trip), and a client
 * of the candidate-facing API under /api/invitations/:token/…, as the candidate's page calls it.
 */
export async function makeInvitedInterview(db: Database, baseUrl: string, options: { locale?: string; questions?: { id: string; text: string; criterion?: string }[] } = {}) {
  const org = await createTestOrg(db, baseUrl);
  const candidate = await makeCandidate(db, org.orgId, { firstName: 'Ada', locale: options.locale ?? 'en' });
  const job = await makeJob(db, org.orgId);
  // The configuration's language is the interview's (one interview, one language): the candidate's here.
  const config = await makeConfig(db, org.orgId, { locale: options.locale ?? 'en', ...(options.questions ? { questions: options.questions } : {}) });
  const { token, hash } = newInvitationToken();
  const interview = await makeInterview(db, org.orgId, { candidateId: candidate.id, jobId: job.id, configId: config.id, inviteTokenHash: hash });
  return { org, candidate, job, config, interview, token, candidateApi: candidateApi(baseUrl, token) };
}

export type InvitedInterview = Awaited<ReturnType<typeof makeInvitedInterview>> & { org: TestOrg };

export function candidateApi(baseUrl: string, token: string) {
  const base = `/api/invitations/${token}`;
  return {
    session: () => request(baseUrl, `${base}/session`),
    start: (body: unknown = { consent: true }) => request(baseUrl, `${base}/start`, { body }),
    answer: (turnNumber: number, body: { text: string; audioId?: string }) => request(baseUrl, `${base}/answers/${turnNumber}`, { body }),
    upload: async (turnNumber: number, audio: Uint8Array, contentType = 'audio/wav', headers: Record<string, string> = {}): Promise<ApiResponse> => {
      const res = await fetch(`${baseUrl}${base}/answers/${turnNumber}/audio`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body: Buffer.from(audio) });
      const text = await res.text();
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    speech: (turnNumber: number) => fetch(`${baseUrl}${base}/speech/${turnNumber}`),
    /** The whole conversation's recording. */
    recording: (audio: Uint8Array, contentType = 'audio/wav') => fetch(`${baseUrl}${base}/recording`, { method: 'POST', headers: { 'content-type': contentType }, body: Buffer.from(audio) }),
  };
}

/** Polls until `probe` gives a truthy value. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
