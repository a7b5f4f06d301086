import { Suspense } from 'react';
import { CampaignsPage } from '@/components/dashboard/campaigns/campaigns-page';
import { campaignsListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { serverTrpc } from '@/components/trpc/server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaigns · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The list the URL asks for (filters, sort, page) is read on the server and arrives in the HTML, under the query
 * key the client component builds from the same params (components/dashboard/list-inputs.ts).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { trpc, HydrateClient } = serverTrpc();
  await trpc.dashboard.campaigns.prefetch(campaignsListInput(searchParamGetter(await searchParams)));
  return (
    <HydrateClient>
      <Suspense>
        <CampaignsPage />
      </Suspense>
    </HydrateClient>
  );
}
