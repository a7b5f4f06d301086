import { CampaignPage } from '@/components/dashboard/campaigns/campaign-page';
import { prefetchCatalog, serverTrpc } from '@/components/trpc/server';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaign · Interview screening' };

/**
 * Rendered on the server through the same procedure the browser uses; another organization's id is a 404. The
 * ranking's and the test results' first pages and the watch state are prefetched beside it and arrive in the HTML
 * under the keys their components use (components/trpc/server.tsx), with the question-set picker's list for editors.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [caller, { role }] = await Promise.all([getServerCaller(), requireRecruiter()]);
  const { trpc, HydrateClient } = serverTrpc();
  const panels = Promise.all([
    // The first pages the cards start on (campaign-ranking-card.tsx, test-results-card.tsx).
    trpc.dashboard.campaignRanking.prefetch({ campaignId: id, page: 1, pageSize: 20 }),
    trpc.dashboard.testResults.prefetch({ campaignId: id, page: 1, pageSize: 10 }),
    trpc.notifications.watching.prefetch({ targetType: 'campaign', targetId: id }),
    role === 'viewer' ? null : prefetchCatalog('interviewConfigs'),
  ]);
  const campaign = await orNotFound(() => caller.dashboard.campaign({ id }));
  await panels;
  return (
    <HydrateClient>
      <CampaignPage initial={campaign} />
    </HydrateClient>
  );
}
