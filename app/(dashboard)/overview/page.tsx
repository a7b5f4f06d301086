import { OverviewPage } from '@/components/dashboard/overview/overview-page';
import { serverTrpc } from '@/components/trpc/server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview · Interview screening' };

/** The overview's figures are read on the server and arrive in the HTML (components/trpc/server.tsx). */
export default async function Page() {
  const { trpc, HydrateClient } = serverTrpc();
  await trpc.dashboard.overview.prefetch();
  return (
    <HydrateClient>
      <OverviewPage />
    </HydrateClient>
  );
}
