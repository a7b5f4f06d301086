import { OverviewPage } from '@/components/dashboard/overview/overview-page';
import { AWAITING_DECISION_PAGE_PARAM, awaitingDecisionInput, awaitingDecisionPage } from '@/components/dashboard/overview/awaiting-decision-input';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The overview's figures and the decision queue's page (`?queue=N`) are read on the server, through the same
 * procedures as the API, and rendered there: the page needs no data layer in the browser.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const queuePage = awaitingDecisionPage(params[AWAITING_DECISION_PAGE_PARAM]);
  const [overview, queue] = await Promise.all([caller.dashboard.overview(), caller.analytics.awaitingDecision(awaitingDecisionInput(queuePage))]);
  return <OverviewPage overview={overview} queue={queue} />;
}
