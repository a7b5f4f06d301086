import { PageHeader } from '@/components/dashboard/page-header';
import { RoleGate } from '@/components/dashboard/role-gate';
import { SelfIdentificationCard } from '@/components/dashboard/fairness/self-identification-card';
import { CandidateContactCard } from '@/components/dashboard/settings/candidate-contact-card';
import { CandidateEmailsCard } from '@/components/dashboard/settings/candidate-emails-card';
import { ReviewBeforeAiCard } from '@/components/dashboard/settings/review-before-ai-card';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidate experience · Interview screening' };

/** Settings → Candidate experience: what candidates are told and asked, and how reviewers meet the AI's advice. */
export default async function Page() {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Candidate experience">{null}</RoleGate>;
  const caller = await getServerCaller();
  const [contact, candidateEmails, reviewBeforeAi, selfIdentification] = await Promise.all([
    caller.settings.candidateContact(),
    caller.settings.candidateEmails(),
    caller.settings.reviewBeforeAi(),
    caller.settings.selfIdentification(),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Candidate experience" description="Whom candidates contact, what happens next, the emails they receive, and how their interviews are reviewed." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <CandidateContactCard initial={contact} />
        <CandidateEmailsCard initial={candidateEmails} />
        <ReviewBeforeAiCard initial={reviewBeforeAi} />
        <SelfIdentificationCard initial={selfIdentification} />
      </div>
    </div>
  );
}
