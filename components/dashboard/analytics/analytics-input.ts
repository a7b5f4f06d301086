import type { CatalogKind } from '../catalog/catalog-options';
import { localDayStart } from '../format';
import type { ParamGetter } from '../list-inputs';

/**
 * The analytics page's query inputs from the URL's search params: the server page reads the figures with them, the
 * filter bar writes them.
 */
export const SCOPE_KINDS = ['campaign', 'job', 'config'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The catalog each scope's picker lists (the filter bar's picker; the server page prefetches it). */
export const SCOPE_CATALOGS: Record<ScopeKind, CatalogKind> = { campaign: 'campaigns', job: 'jobs', config: 'interviewConfigs' };

/**
 * `timeZone` (the URL's `tz`) is the zone the viewer's days are read in: the filter bar adds the browser's zone to
 * the URL with the dates, so the server, which renders the figures, counts the same days the viewer chose.
 */
export type AnalyticsFilterState = { kind: ScopeKind; id: string; fromDate: string; toDate: string; timeZone: string };

export type FunnelInterval = 'week' | 'month';

export function analyticsStateFromParams(get: ParamGetter): AnalyticsFilterState {
  const kind = get('by');
  return {
    kind: (SCOPE_KINDS as readonly string[]).includes(kind) ? (kind as ScopeKind) : 'campaign',
    id: get('id'),
    fromDate: get('from'),
    toDate: get('to'),
    timeZone: get('tz'),
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
 * days in the viewer's time zone (the dashboard's time zone rule; the URL's `tz`, else the zone this runs in), the
 * end day included (the API's `to` is exclusive, so it is the next day's start).
 */
export function toAnalyticsInput(state: AnalyticsFilterState) {
  if (!state.id) return null;
  const zone = state.timeZone || undefined;
  return {
    ...scopeOf(state),
    ...(state.fromDate ? { from: localDayStart(state.fromDate, false, zone) } : {}),
    ...(state.toDate ? { to: localDayStart(state.toDate, true, zone) } : {}),
  };
}

/** The timeseries input from the page's state: the same scope; its axis is the invitation date, so no completion window. */
export function toTimeseriesInput(state: AnalyticsFilterState, interval: FunnelInterval) {
  if (!state.id) return null;
  return { ...scopeOf(state), interval };
}
