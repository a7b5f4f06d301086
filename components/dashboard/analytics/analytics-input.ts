import type { CatalogKind } from '../catalog/catalog-options';
import { localDayStart } from '../format';
import type { ParamGetter } from '../list-inputs';

/**
 * The analytics page's query inputs from the URL's search params, in one place for the page's server component
 * (which prefetches the queries) and its client component (which reads them): the two must build the same input,
 * key for key, or the client's query keys miss the prefetched data and it fetches again.
 */
export const SCOPE_KINDS = ['campaign', 'job', 'config'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The catalog each scope's picker lists (the filter bar's picker; the server page prefetches it). */
export const SCOPE_CATALOGS: Record<ScopeKind, CatalogKind> = { campaign: 'campaigns', job: 'jobs', config: 'interviewConfigs' };

export type AnalyticsFilterState = { kind: ScopeKind; id: string; fromDate: string; toDate: string };

export type FunnelInterval = 'week' | 'month';

export function analyticsStateFromParams(get: ParamGetter): AnalyticsFilterState {
  const kind = get('by');
  return {
    kind: (SCOPE_KINDS as readonly string[]).includes(kind) ? (kind as ScopeKind) : 'campaign',
    id: get('id'),
    fromDate: get('from'),
    toDate: get('to'),
  };
}

export function funnelIntervalFromParams(get: ParamGetter): FunnelInterval {
  return get('interval') === 'month' ? 'month' : 'week';
}

function scopeOf(state: AnalyticsFilterState) {
  return state.kind === 'campaign' ? { campaignId: state.id } : state.kind === 'job' ? { jobId: state.id } : { configId: state.id };
}

/**
 * The filter the analytics procedures take, from the page's state: the chosen scope, and the date range as whole
 * days in the viewer's time zone (the dashboard's time zone rule), the end day included (the API's `to` is
 * exclusive, so it is the next day's start). On the server the zone is the server's: with dates in the URL the
 * prefetched key differs from the browser's and the browser asks once more, for its own days.
 */
export function toAnalyticsInput(state: AnalyticsFilterState) {
  if (!state.id) return null;
  return {
    ...scopeOf(state),
    ...(state.fromDate ? { from: localDayStart(state.fromDate) } : {}),
    ...(state.toDate ? { to: localDayStart(state.toDate, true) } : {}),
  };
}

/** The timeseries input from the page's state: the same scope; its axis is the invitation date, so no completion window. */
export function toTimeseriesInput(state: AnalyticsFilterState, interval: FunnelInterval) {
  if (!state.id) return null;
  return { ...scopeOf(state), interval };
}
