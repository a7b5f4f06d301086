import { reports, turns } from '@/db/schema';
import type { Database } from '@/db/client';
import { newId } from '@/server/ids';
import { makeCampaign, makeCandidate, makeConfig, makeInterview, makeJob, makeStage } from './factories';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const CRITERIA = [
  { key: 'communication', label: 'Communication', weight: 1 },
  { key: 'technical', label: 'Technical depth', weight: 2 },
  { key: 'motivation', label: 'Motivation', weight: 1 },
];

const PEOPLE = [
  ['Ada', 'Lovelace'],
  ['Grace', 'Hopper'],
  ['Alan', 'Turing'],
  ['Katherine', 'Johnson'],
  ['Edsger', 'Dijkstra'],
  ['Barbara', 'Liskov'],
  ['Donald', 'Knuth'],
  ['Margaret', 'Hamilton'],
] as const;

const CONVERSATION: { role: 'agent' | 'candidate'; content: string; evaluation?: Record<string, unknown> }[] = [
  { role: 'agent', content: 'Hello, and thank you for joining. Could you introduce yourself in a few sentences?' },
  { role: 'candidate', content: 'Sure. I have been a backend engineer for six years, mostly on payment systems in Go and TypeScript.', evaluation: { scores: { communication: 8 }, flags: [], comment: 'Clear and structured introduction.' } },
  { role: 'agent', content: 'Tell me about a hard production bug you fixed recently.' },
  { role: 'candidate', content: 'We had duplicate charges under retries. I traced it to a missing idempotency key on one path, added a unique constraint and a replay table, and wrote a property test for it.', evaluation: { scores: { technical: 9, communication: 8 }, flags: [], comment: 'Concrete root cause and a durable fix.', evaluator: 'llm:gpt-4o-mini', provenance: { task: 'answer-evaluation', provider: 'api.openai.com', model: 'gpt-4o-mini', promptVersion: '1a2b3c4d5e6f7a8b', rubricHash: '9f8e7d6c5b4a3928', inputHash: '0011223344556677', parameters: { temperature: 0, seed: 7 }, at: '2026-05-04T10:00:00.000Z', durationMs: 812 } } },
  { role: 'agent', content: 'Why are you interested in this role?' },
  { role: 'candidate', content: 'Honestly, mainly the salary.', evaluation: { scores: { motivation: 4 }, flags: ['low_motivation'], comment: 'Little interest in the product itself.' } },
];

/**
 * A realistic organization for the dashboard's browser tests and screenshots: two jobs, campaigns with stages,
 * candidates, and interviews in every status, completed ones with ready reports.
 */
export async function seedDashboardOrg(db: Database, orgId: string) {
  const now = Date.now();
  const backend = await makeJob(db, orgId, 'Senior backend engineer');
  const design = await makeJob(db, orgId, 'Product designer');
  const spring = await makeCampaign(db, orgId, backend.id, 'Spring 2026 · Backend');
  const interns = await makeCampaign(db, orgId, design.id, 'Design internship');
  const screening = await makeStage(db, orgId, spring.id, { name: 'Phone screening' });
  await makeStage(db, orgId, spring.id, { name: 'Technical interview' });
  await makeStage(db, orgId, interns.id, { name: 'Portfolio review' });
  const config = await makeConfig(db, orgId, { name: 'Backend screening', criteria: CRITERIA });
  const candidates: Awaited<ReturnType<typeof makeCandidate>>[] = [];
  for (const [i, [firstName, lastName]] of PEOPLE.entries()) {
    candidates.push(
      await makeCandidate(db, orgId, {
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${orgId.slice(-6)}@example.com`.toLowerCase(),
        tags: i % 2 === 0 ? ['backend', 'senior'] : ['design'],
        source: i % 3 === 0 ? 'LinkedIn' : 'Referral',
        createdAt: new Date(now - (PEOPLE.length - i) * DAY),
      }),
    );
  }
  const base = (i: number, campaign = spring) => ({
    candidateId: candidates[i].id,
    jobId: campaign.jobId,
    campaignId: campaign.id,
    stageId: campaign.id === spring.id ? screening.id : null,
    configId: config.id,
  });

  const completed: Awaited<ReturnType<typeof makeInterview>>[] = [];
  const scores = [86, 72, 58, 91, 35];
  for (const [n, score] of scores.entries()) {
    const createdAt = new Date(now - (10 - n) * DAY);
    const interview = await makeInterview(db, orgId, {
      ...base(n),
      status: 'COMPLETED',
      createdAt,
      invitedAt: createdAt,
      startedAt: new Date(createdAt.getTime() + DAY),
      completedAt: new Date(createdAt.getTime() + DAY + 25 * MINUTE),
      endedAt: new Date(createdAt.getTime() + DAY + 25 * MINUTE),
      audioUrl: `https://media.example.com/recordings/${n}.mp3`,
    });
    await insertConversation(db, orgId, interview.id, CONVERSATION, new Date(createdAt.getTime() + DAY));
    await db.insert(reports).values({
      id: newId('report'),
      orgId,
      type: 'interview',
      interviewId: interview.id,
      status: 'READY',
      overallScore: score,
      recommendation: score >= 85 ? 'STRONG_YES' : score >= 70 ? 'YES' : score >= 50 ? 'NO' : 'DEFINITELY_NO',
      summary: 'Experienced backend engineer with a clear account of a hard idempotency bug. Motivation for the product itself is weak.',
      criteria: [
        { key: 'communication', label: 'Communication', score: 8, weight: 1, evidenceTurns: [2, 4] },
        { key: 'technical', label: 'Technical depth', score: Math.round(score / 10), weight: 2, evidenceTurns: [4] },
        { key: 'motivation', label: 'Motivation', score: 4, weight: 1, evidenceTurns: [6] },
      ],
      flags: [{ code: 'low_motivation', turnNumber: 6 }],
      coverage: { candidateTurns: 3, scoredTurns: 3 },
      generator: 'rules',
      createdAt: new Date(createdAt.getTime() + DAY + 26 * MINUTE),
      completedAt: new Date(createdAt.getTime() + DAY + 27 * MINUTE),
    });
    completed.push(interview);
  }
  const inProgress = await makeInterview(db, orgId, { ...base(5), status: 'IN_PROGRESS', createdAt: new Date(now - 2 * DAY), invitedAt: new Date(now - 2 * DAY), startedAt: new Date(now - 5 * MINUTE) });
  await insertConversation(db, orgId, inProgress.id, CONVERSATION.slice(0, 3), new Date(now - 5 * MINUTE), true);
  const invited = await makeInterview(db, orgId, { ...base(6, interns), createdAt: new Date(now - DAY), invitedAt: new Date(now - DAY) });
  const draft = await makeInterview(db, orgId, { ...base(7, interns), status: 'DRAFT', invitedAt: null, createdAt: new Date(now - 3 * 3600_000) });
  const cancelled = await makeInterview(db, orgId, { ...base(1, interns), status: 'CANCELLED', cancelledAt: new Date(now - 4 * DAY), createdAt: new Date(now - 6 * DAY), invitedAt: new Date(now - 6 * DAY) });
  const expired = await makeInterview(db, orgId, { ...base(3), status: 'INVITED', createdAt: new Date(now - 9 * DAY), invitedAt: new Date(now - 9 * DAY), expiresAt: new Date(now - 2 * DAY) });
  return { jobs: { backend, design }, campaigns: { spring, interns }, config, candidates, completed, inProgress, invited, draft, cancelled, expired };
}

async function insertConversation(db: Database, orgId: string, interviewId: string, conversation: typeof CONVERSATION, start: Date, lastPending = false) {
  await db.insert(turns).values(
    conversation.map((turn, i) => ({
      interviewId,
      orgId,
      turnNumber: i + 1,
      role: turn.role,
      content: turn.content,
      audioUrl: `https://media.example.com/turns/${interviewId}/${i + 1}.mp3`,
      evaluation: turn.evaluation ?? null,
      isPendingQuestion: lastPending && i === conversation.length - 1,
      createdAt: new Date(start.getTime() + i * 40_000),
      updatedAt: new Date(start.getTime() + i * 40_000),
    })),
  );
}
