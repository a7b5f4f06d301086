import { eq } from 'drizzle-orm';
import { mailboxMessages } from '@/db/schema';
import type { Database } from '@/db/client';
import { agentApi } from './agent';
import type { TestOrg } from './factories';
import { waitForReport } from './report-factories';

export type Person = { email: string; firstName: string; lastName: string; phone: string; phrase: string };

/**
 * A candidate who went through the whole product over HTTP: created with an Idempotency-Key, invited (the email
 * lands in the local mailbox), interviewed by the agent (answers containing `phrase`, evaluations whose comments
 * quote it, audio URLs), finalized, and reported on.
 */
export async function interviewedCandidate(app: { url: string; db: Database }, org: TestOrg, setup: { job: { id: string }; campaign: { id: string }; stage: { id: string }; config: { id: string } }, person: Person) {
  const created = await org.api('/api/v1/candidates', {
    body: { email: person.email, firstName: person.firstName, lastName: person.lastName, phone: person.phone, tags: ['data-rights'] },
    headers: { 'idempotency-key': `create-${person.email}` },
  });
  if (created.status !== 201) throw new Error(`candidate create: ${created.status} ${created.text}`);
  const candidateId: string = created.body.id;
  const interview = await org.api('/api/v1/interviews', {
    body: { candidateId, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id },
    headers: { 'idempotency-key': `interview-${person.email}` },
  });
  if (interview.status !== 201) throw new Error(`interview create: ${interview.status} ${interview.text}`);
  const interviewId: string = interview.body.id;
  await waitFor(async () => (await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, person.email))).length > 0, 'invitation in the mailbox');

  const turn = (body: object) => agentApi(app.url, `/api/interviews/${interviewId}/turns`, { body });
  const expectOk = (res: { status: number; text: string }, what: string) => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  };
  expectOk(await turn({ turnNumber: 1, role: 'agent', content: 'Tell me about yourself.', isPendingQuestion: true }), 'turn 1');
  expectOk(
    await turn({
      turnNumber: 2,
      role: 'candidate',
      content: `I am ${person.firstName} ${person.lastName}, call me on ${person.phone}; ${person.phrase}.`,
      audioUrl: `https://media.example.com/${candidateId}/answer-2.ogg`,
      evaluation: { scores: { communication: 8, technical: 6 }, flags: ['ok'], comment: `Mentions ${person.phrase}`, rationale: `${person.firstName} was clear` },
    }),
    'turn 2',
  );
  expectOk(await turn({ turnNumber: 3, role: 'agent', content: 'Describe a hard bug you fixed.', isPendingQuestion: true }), 'turn 3');
  expectOk(
    await turn({ turnNumber: 4, role: 'candidate', content: `Again, ${person.phrase}, and a race in a queue.`, evaluation: { scores: { technical: 9 }, comment: `${person.lastName} knows queues` } }),
    'turn 4',
  );
  const finalized = await agentApi(app.url, `/api/interviews/${interviewId}/finalize`, { body: { audioUrl: `https://media.example.com/${candidateId}/full.ogg` } });
  expectOk(finalized, 'finalize');
  const report = await waitForReport(app.db, finalized.body.reportId, 'READY');
  return { candidateId, interviewId, reportId: report.id as string };
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
