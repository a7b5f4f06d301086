import { RoleGate } from '@/components/dashboard/role-gate';
import { PageHeader } from '@/components/dashboard/page-header';
import { CreateInterviewForm } from '@/components/dashboard/interviews/create-interview-form';
import { loadCatalogOptions } from '@/components/dashboard/catalog/list-catalog';
import { getServerCaller, settle } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New interview · Interview screening' };

/** The jobs, the configurations and the candidate of `?candidateId=` are read on the server; the form is a client island. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const candidateId = typeof params.candidateId === 'string' ? params.candidateId : undefined;
  return (
    <RoleGate needs="recruiter" title="New interview">
      <div className="mx-auto max-w-3xl">
        <PageHeader title="New interview" description="Invite a candidate to a voice interview for one of your job postings." />
        <NewInterviewForm candidateId={candidateId} />
      </div>
    </RoleGate>
  );
}

async function NewInterviewForm({ candidateId }: { candidateId?: string }) {
  const caller = await getServerCaller();
  const [jobs, configs, candidate] = await Promise.all([
    loadCatalogOptions(caller, 'jobs'),
    loadCatalogOptions(caller, 'interviewConfigs'),
    candidateId ? settle(() => caller.candidates.get({ id: candidateId })) : undefined,
  ]);
  const initialCandidate = candidate?.data ? { id: candidate.data.id, email: candidate.data.email, firstName: candidate.data.firstName, lastName: candidate.data.lastName } : undefined;
  return <CreateInterviewForm initialCandidateId={candidateId} initialCandidate={initialCandidate} jobs={jobs} configs={configs} />;
}
