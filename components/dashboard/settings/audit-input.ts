import { AUDIT_ACTIONS, type AuditAction } from '@/server/services/audit/audit-actions';
import { localDayStart } from '../format';
import { intParam, type ParamGetter } from '../list-inputs';

/**
 * The audit log's filters are URL state: `action`, `target` (a record id), `from` and `to` (days, the `to` day
 * included) read in `tz`, the viewer's zone the filter bar puts in the URL with the days, and `page`, `pageSize`.
 * The server page reads the entries with them; the CSV export takes the same filter.
 */
export type AuditFilterState = { action: string; targetId: string; from: string; to: string; timeZone: string };

/** A zone name the platform knows, or '' (the server's zone): a hand-edited URL must not break the page. */
function knownZone(zone: string): string {
  if (!zone) return '';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return '';
  }
}

export function auditStateFromParams(get: ParamGetter): AuditFilterState {
  const action = get('action');
  return {
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : '',
    targetId: get('target'),
    from: get('from'),
    to: get('to'),
    timeZone: knownZone(get('tz')),
  };
}

export function auditPageFromParams(get: ParamGetter) {
  return { page: intParam(get('page'), 1), pageSize: intParam(get('pageSize'), 20, 100) };
}

/** The procedure's (and the CSV export's) filter: days in the viewer's zone; the "to" day included (before the next day's start). */
export function toAuditFilter(state: AuditFilterState) {
  const zone = state.timeZone || undefined;
  const since = localDayStart(state.from, false, zone);
  const until = localDayStart(state.to, true, zone);
  return {
    ...(state.action ? { action: state.action as AuditAction } : {}),
    ...(state.targetId.trim() ? { targetId: state.targetId.trim() } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
}
