import { InterviewDetail } from '@/components/dashboard/interviews/interview-detail';
import { serverTrpc } from '@/components/trpc/server';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview · Interview screening' };

/**
 * Rendered on the server through the same procedure the browser uses; another organization's id is a 404. The
 * panels' own queries (notes, watching, integrity, source, decision history) are prefetched beside it and arrive
 * in the HTML under the keys their components use (components/trpc/server.tsx), so the page sends none after load.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [caller, { role }] = await Promise.all([getServerCaller(), requireRecruiter()]);
  const { trpc, HydrateClient } = serverTrpc();
  const panels = Promise.all([
    trpc.notes.list.prefetch({ subjectType: 'interview', subjectId: id }),
    trpc.dashboard.me.prefetch(),
    role === 'viewer' ? null : trpc.notes.mentionable.prefetch(),
    trpc.notifications.watching.prefetch({ targetType: 'interview', targetId: id }),
    trpc.interviews.integrity.prefetch({ id }),
    trpc.integrations.interviewSource.prefetch({ interviewId: id }),
  ]);
  const view = await orNotFound(() => caller.dashboard.interview({ id }));
  // The decision card reads the history of a completed interview only.
  await Promise.all([panels, view.status === 'COMPLETED' ? trpc.interviews.decisionHistory.prefetch({ id }) : null]);
  return (
    <HydrateClient>
      <InterviewDetail initial={view} />
    </HydrateClient>
  );
}
