import { RoleGate } from '@/components/dashboard/role-gate';
import { PageHeader } from '@/components/dashboard/page-header';
import { CreateInterviewForm } from '@/components/dashboard/interviews/create-interview-form';
import { Providers } from '@/components/trpc/providers';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New interview · Interview screening' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const candidateId = typeof params.candidateId === 'string' ? params.candidateId : undefined;
  return (
    <Providers>
      <RoleGate needs="recruiter" title="New interview">
        <div className="mx-auto max-w-3xl">
          <PageHeader title="New interview" description="Invite a candidate to a voice interview for one of your job postings." />
          <CreateInterviewForm initialCandidateId={candidateId} />
        </div>
      </RoleGate>
    </Providers>
  );
}
