import { CampaignsPage } from '@/components/dashboard/campaigns/campaigns-page';
import { campaignsListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaigns · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The page of campaigns the URL asks for is read on the server, through the same procedure as the API, and
 * rendered there: a new URL renders the page again. The page carries no data layer in the browser.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  return <CampaignsPage list={await caller.dashboard.campaigns(campaignsListInput(searchParamGetter(params)))} />;
}
