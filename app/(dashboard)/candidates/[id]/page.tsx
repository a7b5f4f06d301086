import { CandidateProfile } from '@/components/dashboard/candidates/candidate-profile';
import { serverTrpc } from '@/components/trpc/server';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidate · Interview screening' };

/**
 * The candidate through the same procedure the browser uses (another organization's id is a 404); the panels'
 * first pages (interviews, test results, notes) are prefetched beside it and arrive in the HTML under the keys
 * their components use (components/trpc/server.tsx), so the page sends no query after load.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [caller, { role }] = await Promise.all([getServerCaller(), requireRecruiter()]);
  const { trpc, HydrateClient } = serverTrpc();
  const panels = Promise.all([
    // The first pages the profile's cards start on (candidate-profile.tsx, test-results-card.tsx).
    trpc.dashboard.interviews.prefetch({ candidateId: id, page: 1, pageSize: 10 }),
    trpc.dashboard.testResults.prefetch({ candidateId: id, page: 1, pageSize: 10 }),
    trpc.notes.list.prefetch({ subjectType: 'candidate', subjectId: id }),
    trpc.dashboard.me.prefetch(),
    role === 'viewer' ? null : trpc.notes.mentionable.prefetch(),
  ]);
  const candidate = await orNotFound(() => caller.candidates.get({ id }));
  await panels;
  return (
    <HydrateClient>
      <CandidateProfile initial={candidate} />
    </HydrateClient>
  );
}
