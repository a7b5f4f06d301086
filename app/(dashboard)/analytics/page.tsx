import { Suspense } from 'react';
import { AnalyticsPage } from '@/components/dashboard/analytics/analytics-page';
import { analyticsStateFromParams, funnelIntervalFromParams, SCOPE_CATALOGS, toAnalyticsInput, toTimeseriesInput } from '@/components/dashboard/analytics/analytics-input';
import { searchParamGetter } from '@/components/dashboard/list-inputs';
import { prefetchCatalog, serverTrpc } from '@/components/trpc/server';
import { requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The figures for the scope the URL names are read on the server and arrive in the HTML, under the query keys the
 * client component builds from the same params (components/dashboard/analytics/analytics-input.ts). The reviewers'
 * table is an admin's only, as on the client; the scope picker's list comes with them.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { HydrateClient } = serverTrpc();
  const get = searchParamGetter(await searchParams);
  const state = analyticsStateFromParams(get);
  const input = toAnalyticsInput(state);
  const seriesInput = toTimeseriesInput(state, funnelIntervalFromParams(get));
  const { role } = await requireRecruiter();
  await Promise.all([
    prefetchCatalog(SCOPE_CATALOGS[state.kind]),
    input && seriesInput ? prefetchFigures(input, seriesInput, role === 'admin') : null,
  ]);
  return (
    <HydrateClient>
      <Suspense>
        <AnalyticsPage />
      </Suspense>
    </HydrateClient>
  );
}

async function prefetchFigures(input: NonNullable<ReturnType<typeof toAnalyticsInput>>, seriesInput: NonNullable<ReturnType<typeof toTimeseriesInput>>, isAdmin: boolean) {
  const { trpc } = serverTrpc();
  await Promise.all([
    trpc.analytics.funnel.prefetch(input),
    trpc.analytics.agreement.prefetch(input),
    isAdmin ? trpc.analytics.reviewers.prefetch(input) : null,
    trpc.analytics.funnelTimeseries.prefetch(seriesInput),
  ]);
}
