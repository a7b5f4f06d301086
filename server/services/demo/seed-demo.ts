import { and, eq } from 'drizzle-orm';
import { candidates, interviews, organizations, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { SCOPES } from '@/server/auth/scopes';
import { AppError } from '@/server/errors';
import { newId, randomBase62 } from '@/server/ids';
import { createApiKey } from '../api-keys/create-api-key';
import { createCampaign } from '../campaigns/create-campaign';
import { createInterviewConfig } from '../interview-configs/create-interview-config';
import { createInterview } from '../interviews/create-interview';
import { createJob } from '../jobs/create-job';
import { createOrganization } from '../organizations/create-organization';
import { createStage } from '../stages/create-stage';
import { createUser } from '../users/create-user';

export const DEMO_ORG_NAME = 'Acme Recruiting (demo)';
export const DEMO_RECRUITER_EMAIL = 'demo@acme.test';

const DAY = 24 * 60 * 60 * 1000;

/** One job posting of the demo with everything an interview of it can reference. */
export type DemoHiringSetup = {
  jobId: string;
  campaignId: string;
  /** In pipeline order: the first is the voice screening (reports on), the second a human step (reports off). */
  stageIds: string[];
  configId: string;
  locale: string;
  candidateIds: string[];
};

export type DemoSeedResult = {
  orgId: string;
  organizationName: string;
  recruiter: { id: string; email: string; password: string };
  apiKey: string;
  apiKeyId: string;
  setups: DemoHiringSetup[];
  interviewIds: { draft: string[]; invited: string[]; cancelled: string[]; expired: string[] };
};

type DemoCandidate = { firstName: string; lastName: string; locale: string; tags: string[]; source: string };

const JOBS = [
  {
    title: 'Développeur·se backend Node.js',
    description: 'API et services TypeScript sur PostgreSQL, en équipe produit de six personnes. Lyon ou télétravail.',
    campaign: 'Recrutement backend — printemps',
    stages: ['Présélection vocale', "Entretien avec l'équipe"],
    config: {
      name: 'Présélection backend (fr)',
      locale: 'fr',
      criteria: [
        { key: 'communication', label: 'Communication', weight: 1 },
        { key: 'technique', label: 'Maîtrise technique', weight: 2 },
        { key: 'motivation', label: 'Motivation', weight: 1 },
      ],
      questions: [
        { id: 'q1', text: 'Présentez-vous en quelques phrases et dites-nous ce qui vous attire dans ce poste.', criterion: 'motivation' },
        { id: 'q2', text: "Décrivez une API que vous avez conçue : quels choix avez-vous faits et pourquoi ?", criterion: 'technique' },
        { id: 'q3', text: 'Racontez un incident de production que vous avez résolu.', criterion: 'technique' },
        { id: 'q4', text: "Comment expliquez-vous un choix technique à une personne non technique ?", criterion: 'communication' },
      ],
    },
    candidates: [
      { firstName: 'Camille', lastName: 'Martin', locale: 'fr', tags: ['nodejs', 'senior'], source: 'LinkedIn' },
      { firstName: 'Hugo', lastName: 'Bernard', locale: 'fr', tags: ['nodejs', 'postgresql'], source: 'Site carrière' },
      { firstName: 'Léa', lastName: 'Dubois', locale: 'fr', tags: ['typescript', 'remote'], source: 'Cooptation' },
      { firstName: 'Nathan', lastName: 'Moreau', locale: 'fr', tags: ['junior', 'nodejs'], source: 'Welcome to the Jungle' },
      { firstName: 'Inès', lastName: 'Laurent', locale: 'fr', tags: ['senior', 'postgresql', 'remote'], source: 'LinkedIn' },
      { firstName: 'Lucas', lastName: 'Lefèvre', locale: 'fr', tags: ['typescript'], source: 'Site carrière' },
    ] satisfies DemoCandidate[],
  },
  {
    title: 'Customer Success Manager',
    description: 'Own onboarding and renewals for a portfolio of mid-market customers. London or remote (UK).',
    campaign: 'Customer success — Q3',
    stages: ['Voice screening', 'Hiring manager call'],
    config: {
      name: 'Customer success screening (en)',
      locale: 'en',
      criteria: [
        { key: 'communication', label: 'Communication', weight: 2 },
        { key: 'empathy', label: 'Customer empathy', weight: 2 },
        { key: 'problem_solving', label: 'Problem solving', weight: 1 },
      ],
      questions: [
        { id: 'q1', text: 'Tell us about yourself and why customer success.', criterion: 'communication' },
        { id: 'q2', text: 'Describe a time you turned an unhappy customer around.', criterion: 'empathy' },
        { id: 'q3', text: 'A key account is about to churn: what do you do in your first week?', criterion: 'problem_solving' },
      ],
    },
    candidates: [
      { firstName: 'Olivia', lastName: 'Smith', locale: 'en', tags: ['saas', 'senior'], source: 'LinkedIn' },
      { firstName: 'Jack', lastName: 'Taylor', locale: 'en-GB', tags: ['saas', 'renewals'], source: 'Referral' },
      { firstName: 'Amelia', lastName: 'Brown', locale: 'en', tags: ['onboarding', 'remote'], source: 'Careers page' },
      { firstName: 'Noah', lastName: 'Wilson', locale: 'en', tags: ['junior'], source: 'Careers page' },
      { firstName: 'Sofia', lastName: 'Garcia', locale: 'es', tags: ['saas', 'bilingual', 'remote'], source: 'Referral' },
      { firstName: 'Ethan', lastName: 'Davies', locale: 'en-GB', tags: ['renewals', 'senior'], source: 'LinkedIn' },
    ] satisfies DemoCandidate[],
  },
];

function emailOf(c: DemoCandidate): string {
  const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${ascii(c.firstName)}.${ascii(c.lastName)}@example.com`;
}

/**
 * The demo organization: a recruiter login, an all-scopes API key, two job postings (one French, one English),
 * each with a campaign of two stages, an interview configuration with weighted criteria and six candidates, and
 * interviews in DRAFT, INVITED, CANCELLED and INVITED-but-expired. No email is sent. Runs in one transaction,
 * so a failure leaves nothing half-seeded. The ids come back so that more (finished interviews) can be added.
 */
export async function seedDemo(db: DbExecutor, options: { recruiterEmail?: string; now?: Date } = {}): Promise<DemoSeedResult> {
  const recruiterEmail = (options.recruiterEmail ?? DEMO_RECRUITER_EMAIL).trim().toLowerCase();
  const now = options.now ?? new Date();
  const [existing] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.email, recruiterEmail));
  if (existing) {
    throw new AppError('CONFLICT', `The demo is already seeded: ${recruiterEmail} belongs to organization ${existing.orgId}`);
  }

  return db.transaction(async (tx) => {
    const org = await createOrganization(tx, { name: DEMO_ORG_NAME });
    const orgId = org.id;
    const password = randomBase62(16);
    const recruiter = await createUser(tx, { orgId, email: recruiterEmail, password, name: 'Demo Recruiter' });
    // The candidates' notice names whom to write to about their data (Settings → Candidate contact).
    await tx.update(organizations).set({ contactEmail: recruiterEmail }).where(eq(organizations.id, orgId));
    const key = await createApiKey(tx, { orgId, name: 'Demo key (all scopes)', scopes: [...SCOPES] });

    const setups: DemoHiringSetup[] = [];
    let candidateIndex = 0;
    for (const spec of JOBS) {
      const job = await createJob(tx, { orgId, title: spec.title, description: spec.description });
      const campaign = await createCampaign(tx, { orgId, jobId: job.id, name: spec.campaign });
      const stageIds: string[] = [];
      for (const [position, name] of spec.stages.entries()) {
        // The voice screening produces a report; the later human step does not.
        const stage = await createStage(tx, { orgId, campaignId: campaign.id, name, position, generateReport: position === 0 });
        stageIds.push(stage.id);
      }
      const config = await createInterviewConfig(tx, { orgId, ...spec.config, generateReport: true });
      const candidateIds: string[] = [];
      for (const c of spec.candidates) {
        const id = newId('candidate');
        // Spread over the last days so that lists and "newest first" look like real use.
        const createdAt = new Date(now.getTime() - (12 - candidateIndex++) * 0.8 * DAY);
        await tx.insert(candidates).values({ id, orgId, email: emailOf(c), ...c, createdAt, updatedAt: createdAt });
        candidateIds.push(id);
      }
      setups.push({ jobId: job.id, campaignId: campaign.id, stageIds, configId: config.id, locale: spec.config.locale, candidateIds });
    }

    const interviewIds: DemoSeedResult['interviewIds'] = { draft: [], invited: [], cancelled: [], expired: [] };
    for (const setup of setups) {
      const refs = { jobId: setup.jobId, campaignId: setup.campaignId, stageId: setup.stageIds[0], configId: setup.configId };
      const [draft, invited1, invited2, cancelled, expired] = setup.candidateIds;
      interviewIds.draft.push((await createInterview(tx, { orgId, candidateId: draft, ...refs, sendInvite: false })).id);
      for (const candidateId of [invited1, invited2]) {
        interviewIds.invited.push((await createInterview(tx, { orgId, candidateId, ...refs, sendInvite: true })).id);
      }
      const cancelledId = (await createInterview(tx, { orgId, candidateId: cancelled, ...refs, sendInvite: true })).id;
      await tx.update(interviews).set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now }).where(and(eq(interviews.id, cancelledId), eq(interviews.orgId, orgId)));
      interviewIds.cancelled.push(cancelledId);
      if (setups.indexOf(setup) === 0) {
        // Invited ten days ago with a seven-day link: reads show it EXPIRED before any sweep runs.
        const invitedAt = new Date(now.getTime() - 10 * DAY);
        const id = newId('interview');
        await tx.insert(interviews).values({
          id,
          orgId,
          candidateId: expired,
          ...refs,
          status: 'INVITED',
          invitedAt,
          expiresAt: new Date(invitedAt.getTime() + 7 * DAY),
          createdAt: invitedAt,
          updatedAt: invitedAt,
        });
        interviewIds.expired.push(id);
      }
    }

    return {
      orgId,
      organizationName: org.name,
      recruiter: { id: recruiter.id, email: recruiter.email, password },
      apiKey: key.key,
      apiKeyId: key.id,
      setups,
      interviewIds,
    };
  });
}
