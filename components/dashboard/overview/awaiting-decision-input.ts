/**
 * The overview card's query input, in a plain module so that a server page can prefetch exactly what the card
 * asks for (`analytics.awaitingDecision`, first page).
 */
export const AWAITING_DECISION_PAGE_SIZE = 6;
export const awaitingDecisionInput = (page = 1) => ({ page, pageSize: AWAITING_DECISION_PAGE_SIZE });
