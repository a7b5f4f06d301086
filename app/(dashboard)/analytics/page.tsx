import { AnalyticsPage, type AnalyticsFigures } from '@/components/dashboard/analytics/analytics-page';
import { analyticsStateFromParams, funnelIntervalFromParams, SCOPE_CATALOGS, toAnalyticsInput, toTimeseriesInput } from '@/components/dashboard/analytics/analytics-input';
import { loadCatalogOptions } from '@/components/dashboard/catalog/list-catalog';
import { searchParamGetter } from '@/components/dashboard/list-inputs';
import { getServerCaller, requireRecruiter, settle, type ServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The figures for the scope the URL names, and the scope picker's list, are read on the server through the same
 * procedures as the API and rendered there, each panel streamed as its read ends. The reviewers' table is an
 * admin's only.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params, { role }] = await Promise.all([getServerCaller(), searchParams, requireRecruiter()]);
  const get = searchParamGetter(params);
  const state = analyticsStateFromParams(get);
  // The panels' reads start now; the funnel and the picker's list are awaited (they come with the HTML), the other
  // panels stream in as each read ends.
  const [figures, scopeOptions] = await Promise.all([
    readFigures(caller, state, funnelIntervalFromParams(get), role === 'admin'),
    loadCatalogOptions(caller, SCOPE_CATALOGS[state.kind]),
  ]);
  return <AnalyticsPage state={state} scopeOptions={scopeOptions} figures={figures} />;
}

async function readFigures(caller: ServerCaller, state: ReturnType<typeof analyticsStateFromParams>, interval: ReturnType<typeof funnelIntervalFromParams>, isAdmin: boolean): Promise<AnalyticsFigures | null> {
  const input = toAnalyticsInput(state);
  const seriesInput = toTimeseriesInput(state, interval);
  if (!input || !seriesInput) return null;
  // The funnel first, the other panels' reads once it is done: the HTML waits for the funnel only, and with all four
  // at once it waited for the database's time on the slowest too (measured on two cores, 100,000 interviews: the
  // page's first byte at ~43 ms, against ~24 ms with the funnel first). The others stream in as each ends.
  const funnel = settle(() => caller.analytics.funnel(input));
  const thenRead = <T,>(read: () => Promise<T>) => funnel.then(() => settle(read));
  const streamed = {
    agreement: thenRead(() => caller.analytics.agreement(input)),
    reviewers: isAdmin ? thenRead(() => caller.analytics.reviewers(input)) : null,
    series: thenRead(() => caller.analytics.funnelTimeseries(seriesInput)),
  };
  return { funnel: await funnel, ...streamed };
}
