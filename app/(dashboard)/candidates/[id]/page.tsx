import { CandidateProfile } from '@/components/dashboard/candidates/candidate-profile';
import { getServerCaller, orNotFound } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidate · Interview screening' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await getServerCaller();
  const candidate = await orNotFound(() => caller.candidates.get({ id }));
  return <CandidateProfile initial={candidate} />;
}
