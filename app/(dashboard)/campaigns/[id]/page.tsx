import { CampaignPage } from '@/components/dashboard/campaigns/campaign-page';
import { loadCatalogOptions } from '@/components/dashboard/catalog/list-catalog';
import { pageParam, withParam } from '@/components/dashboard/detail/page-links';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaign · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where each table's page is in the URL: `?ranking=2&tests=3`. */
const PARAMS = { ranking: 'ranking', tests: 'tests' } as const;

/**
 * The campaign, the pages of its ranking and test results, the watch state and the question sets to pick from are
 * read on the server, through the same procedures as the API (another organization's id is a 404, like a missing
 * one), and rendered there: the page needs no data layer in the browser. Its dialogs load theirs when opened.
 */
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const [{ id }, query, caller, { role }] = await Promise.all([params, searchParams, getServerCaller(), requireRecruiter()]);
  // All at once (the HTML waits for the slowest, not for the sum). Each campaign read answers another organization's
  // or a missing campaign with NOT_FOUND, so whichever fails first renders the 404 page.
  const [campaign, ranking, testResults, watch, configs] = await Promise.all([
    orNotFound(() => caller.dashboard.campaign({ id })),
    orNotFound(() => caller.dashboard.campaignRanking({ campaignId: id, page: pageParam(query[PARAMS.ranking]), pageSize: 20 })),
    orNotFound(() => caller.dashboard.testResults({ campaignId: id, page: pageParam(query[PARAMS.tests]), pageSize: 10 })),
    orNotFound(() => caller.notifications.watching({ targetType: 'campaign', targetId: id })),
    // The question sets a recruiter may pick for the campaign or a stage (a failed read asks for the id instead).
    role !== 'viewer' ? loadCatalogOptions(caller, 'interviewConfigs') : null,
  ]);
  const path = `/campaigns/${encodeURIComponent(id)}`;
  return (
    <CampaignPage
      campaign={campaign}
      ranking={ranking}
      testResults={testResults}
      watching={watch.watching}
      configs={configs}
      role={role}
      hrefFor={(table, page) => withParam(path, query, PARAMS[table], page)}
    />
  );
}
