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
 * procedures as the API and rendered there. The reviewers' table is an admin's only.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params, { role }] = await Promise.all([getServerCaller(), searchParams, requireRecruiter()]);
  const get = searchParamGetter(params);
  const state = analyticsStateFromParams(get);
  const [scopeOptions, figures] = await Promise.all([loadCatalogOptions(caller, SCOPE_CATALOGS[state.kind]), readFigures(caller, state, funnelIntervalFromParams(get), role === 'admin')]);
  return <AnalyticsPage state={state} scopeOptions={scopeOptions} figures={figures} />;
}

async function readFigures(caller: ServerCaller, state: ReturnType<typeof analyticsStateFromParams>, interval: ReturnType<typeof funnelIntervalFromParams>, isAdmin: boolean): Promise<AnalyticsFigures | null> {
  const input = toAnalyticsInput(state);
  const seriesInput = toTimeseriesInput(state, interval);
  if (!input || !seriesInput) return null;
  const [funnel, agreement, reviewers, series] = await Promise.all([
    settle(() => caller.analytics.funnel(input)),
    settle(() => caller.analytics.agreement(input)),
    isAdmin ? settle(() => caller.analytics.reviewers(input)) : null,
    settle(() => caller.analytics.funnelTimeseries(seriesInput)),
  ]);
  return { funnel, agreement, reviewers, series };
}
