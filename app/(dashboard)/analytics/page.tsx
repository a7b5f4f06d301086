import { Suspense } from 'react';
import { AnalyticsPage } from '@/components/dashboard/analytics/analytics-page';
import { analyticsStateFromParams, funnelIntervalFromParams, toAnalyticsInput, toTimeseriesInput } from '@/components/dashboard/analytics/analytics-input';
import { searchParamGetter } from '@/components/dashboard/list-inputs';
import { serverTrpc } from '@/components/trpc/server';
import { requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The figures for the scope the URL names are read on the server and arrive in the HTML, under the query keys the
 * client component builds from the same params (components/dashboard/analytics/analytics-input.ts). The reviewers'
 * table is an admin's only, as on the client.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { trpc, HydrateClient } = serverTrpc();
  const get = searchParamGetter(await searchParams);
  const state = analyticsStateFromParams(get);
  const input = toAnalyticsInput(state);
  const seriesInput = toTimeseriesInput(state, funnelIntervalFromParams(get));
  if (input && seriesInput) {
    const { role } = await requireRecruiter();
    await Promise.all([
      trpc.analytics.funnel.prefetch(input),
      trpc.analytics.agreement.prefetch(input),
      role === 'admin' ? trpc.analytics.reviewers.prefetch(input) : null,
      trpc.analytics.funnelTimeseries.prefetch(seriesInput),
    ]);
  }
  return (
    <HydrateClient>
      <Suspense>
        <AnalyticsPage />
      </Suspense>
    </HydrateClient>
  );
}
