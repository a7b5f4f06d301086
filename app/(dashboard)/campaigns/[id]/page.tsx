import { CampaignPage } from '@/components/dashboard/campaigns/campaign-page';
import { getServerCaller, orNotFound } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaign · Interview screening' };

/** Rendered on the server through the same procedure the browser uses; another organization's id is a 404. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await getServerCaller();
  const campaign = await orNotFound(() => caller.dashboard.campaign({ id }));
  return <CampaignPage initial={campaign} />;
}
