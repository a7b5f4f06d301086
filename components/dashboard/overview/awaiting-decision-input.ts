/** The overview card's query input (`analytics.awaitingDecision`, read by the overview's server page). */
export const AWAITING_DECISION_PAGE_SIZE = 6;
export const awaitingDecisionInput = (page = 1) => ({ page, pageSize: AWAITING_DECISION_PAGE_SIZE });

/** The overview's URL parameter for the queue's page (`/overview?queue=2`). */
export const AWAITING_DECISION_PAGE_PARAM = 'queue';

/** The queue's page from the URL: a positive whole number, else the first page. */
export function awaitingDecisionPage(value: string | string[] | undefined): number {
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
