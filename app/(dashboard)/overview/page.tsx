import { OverviewPage } from '@/components/dashboard/overview/overview-page';
import { awaitingDecisionInput } from '@/components/dashboard/overview/awaiting-decision-input';
import { serverTrpc } from '@/components/trpc/server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview · Interview screening' };

/** The overview's figures and the first page of its decision queue are read on the server and arrive in the HTML (components/trpc/server.tsx). */
export default async function Page() {
  const { trpc, HydrateClient } = serverTrpc();
  await Promise.all([trpc.dashboard.overview.prefetch(), trpc.analytics.awaitingDecision.prefetch(awaitingDecisionInput())]);
  return (
    <HydrateClient>
      <OverviewPage />
    </HydrateClient>
  );
}
